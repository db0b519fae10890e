#include "export_probe.h"

#include "test_paths.h"

#include "command_runner.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>

namespace tcptune::test {

int pdfPages(const QString &pdf)
{
    const CommandResult r = runCommand(QStringLiteral("pdfinfo"), {pdf}, 20000);
    static const QRegularExpression pages(QStringLiteral(R"(Pages:\s+(\d+))"));
    const auto m = pages.match(QString::fromUtf8(r.out));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

QSizeF pdfPageSizePoints(const QString &pdf)
{
    const CommandResult r = runCommand(QStringLiteral("pdfinfo"), {pdf}, 20000);
    static const QRegularExpression size(QStringLiteral(R"(Page size:\s+([\d.]+) x ([\d.]+) pts)"));
    const auto m = size.match(QString::fromUtf8(r.out));
    return m.hasMatch() ? QSizeF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QSizeF();
}

QString pdfText(const QString &pdf, int page, bool layout)
{
    QStringList args;
    if (layout)
        args << QStringLiteral("-layout");
    if (page > 0)
        args << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l") << QString::number(page);
    args << pdf << QStringLiteral("-");
    return QString::fromUtf8(runCommand(QStringLiteral("pdftotext"), args, 20000).out);
}

QImage pdfPageImage(const QString &pdf, int page, int dpi, const QString &name)
{
    QTemporaryDir dir;
    const QString stem = dir.filePath(QStringLiteral("page"));
    runCommand(QStringLiteral("pdftoppm"),
               {QStringLiteral("-png"), QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-f"),
                QString::number(page), QStringLiteral("-l"), QString::number(page), QStringLiteral("-singlefile"), pdf,
                stem},
               30000);
    const QImage image(stem + QStringLiteral(".png"));
    QDir().mkpath(screenshotPath());
    image.save(screenshotPath(QStringLiteral("%1.png").arg(name)));
    return image;
}

QString xmlError(const QByteArray &text)
{
    QXmlStreamReader xml(text);
    while (!xml.atEnd())
        xml.readNext();
    return xml.hasError() ? QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString()) : QString();
}

QString xmllintError(const QString &file)
{
    const CommandResult r = runCommand(QStringLiteral("xmllint"), {QStringLiteral("--noout"), file}, 20000);
    return r.exitCode == 0 && !r.crashed ? QString() : QString::fromUtf8(r.err + r.out);
}

QString squeezed(const QString &text)
{
    static const QRegularExpression space(QStringLiteral(R"(\s+)"));
    return QString(text).replace(space, QStringLiteral(" "));
}

QString withoutSpace(const QString &text)
{
    static const QRegularExpression space(QStringLiteral(R"(\s+)"));
    return QString(text).remove(space);
}

} // namespace tcptune::test
