#pragma once
// A horizontal table header whose titles wrap onto a second line instead of being cut: a column
// is as wide as the wider half of its title (split at the space that balances the two lines),
// so "Durchsatz (Mbit/s)" takes the width of "Durchsatz" and a table of long German titles
// fits where the one-line titles would need a sideways scroll bar.

#include <QHeaderView>

namespace tcptune {

class WrappingHeader final : public QHeaderView {
    Q_OBJECT
public:
    explicit WrappingHeader(QWidget *parent = nullptr);

    // TEXT as it is drawn in a section of the width this header asks for: one or two lines.
    static QStringList balancedLines(const QString &text, const QFontMetrics &metrics);

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
};

} // namespace tcptune
