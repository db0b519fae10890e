#include "common/log_text.h"

namespace tcptune {
namespace {

// The bidirectional controls reorder what a terminal shows (U+202E turns "exe.txt" into
// "txt.exe"): the embeddings and overrides U+202A-202E, the isolates U+2066-2069 and the marks.
bool isBidiControl(char16_t c)
{
    return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f || c == 0x061c;
}

// C0 and C1 controls, DEL, the Unicode line and paragraph separators and the bidi controls.
bool needsEscape(char16_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 || isBidiControl(c) || c == 0xfeff;
}

} // namespace

QString logSafe(QStringView text, qsizetype maxLength)
{
    QString out;
    out.reserve(std::min(text.size(), maxLength) + 8);
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (out.size() >= maxLength) {
            out += QStringLiteral("...(%1 more characters)").arg(text.size() - i);
            break;
        }
        const char16_t c = text[i].unicode();
        if (c == u'\\')
            out += QStringLiteral("\\\\");
        else if (needsEscape(c))
            out += c <= 0xff ? QStringLiteral("\\x%1").arg(int(c), 2, 16, QLatin1Char('0'))
                             : QStringLiteral("\\u%1").arg(int(c), 4, 16, QLatin1Char('0'));
        else
            out += QChar(c);
    }
    return out;
}

} // namespace tcptune
