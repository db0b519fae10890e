#include "screenshot.h"

#include "test_paths.h"

#include <QDir>
#include <QHash>
#include <QWidget>

namespace tcptune::test {

QImage saveScreenshot(QWidget *widget, const QString &name)
{
    const QImage image = widget->grab().toImage();
    QDir().mkpath(screenshotPath());
    image.save(screenshotPath(QStringLiteral("%1.png").arg(name)));
    return image;
}

bool looksDrawn(const QImage &image, int minColours, double maxShare)
{
    if (image.isNull() || image.width() < 10 || image.height() < 10)
        return false;
    QHash<QRgb, qint64> counts;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); y += 2)
        for (int x = 0; x < rgb.width(); x += 2)
            ++counts[rgb.pixel(x, y)];
    qint64 total = 0;
    qint64 top = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        total += it.value();
        top = std::max(top, it.value());
    }
    return counts.size() >= minColours && double(top) / double(total) <= maxShare;
}

} // namespace tcptune::test
