#include "tshark_oracle.h"

#include <QHash>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>
#include <map>

namespace tcptune::test {

namespace {

// The columns of the per-frame pass, in the order of kFields.
enum Column { Stream, IpSrc, Ip6Src, SrcPort, IpDst, Ip6Dst, DstPort, FrameLen, TcpLen, AckRtt, Retransmission };
const QStringList kFields = {QStringLiteral("tcp.stream"),
                             QStringLiteral("ip.src"),
                             QStringLiteral("ipv6.src"),
                             QStringLiteral("tcp.srcport"),
                             QStringLiteral("ip.dst"),
                             QStringLiteral("ipv6.dst"),
                             QStringLiteral("tcp.dstport"),
                             QStringLiteral("frame.len"),
                             QStringLiteral("tcp.len"),
                             QStringLiteral("tcp.analysis.ack_rtt"),
                             QStringLiteral("tcp.analysis.retransmission")};

struct Output {
    QByteArray text;
    QString error;
};

Output runTshark(const QStringList &args)
{
    QProcess tshark;
    tshark.start(QStringLiteral("tshark"), QStringList{QStringLiteral("-n")} + args);
    if (!tshark.waitForStarted(30000))
        return {
            {},
            QStringLiteral("tshark did not start (%1); scripts/install-deps installs it.").arg(tshark.errorString())};
    // Generous: under a loaded machine one pass over 26,000 packets can take a minute.
    if (!tshark.waitForFinished(300000)) {
        tshark.kill();
        tshark.waitForFinished(5000);
        return {{}, QStringLiteral("tshark %1 did not finish within 300 s.").arg(args.join(QLatin1Char(' ')))};
    }
    if (tshark.exitStatus() != QProcess::NormalExit || tshark.exitCode() != 0)
        return {{},
                QStringLiteral("tshark %1 failed: %2")
                    .arg(args.join(QLatin1Char(' ')), QString::fromLocal8Bit(tshark.readAllStandardError()))};
    return {tshark.readAllStandardOutput(), {}};
}

QString endpoint(const QList<QByteArray> &c, Column ip, Column ip6, Column port)
{
    if (!c[ip].isEmpty())
        return QStringLiteral("%1:%2").arg(QString::fromLatin1(c[ip]), QString::fromLatin1(c[port]));
    return QStringLiteral("[%1]:%2").arg(QString::fromLatin1(c[ip6]), QString::fromLatin1(c[port]));
}

struct StreamTally {
    TsharkFlow flow;
    qint64 frameBytes = 0;
};

void addFrame(StreamTally &s, const QList<QByteArray> &c)
{
    const QString source = endpoint(c, IpSrc, Ip6Src, SrcPort);
    if (s.flow.packets == 0) {
        s.flow.endpointA = source;
        s.flow.endpointB = endpoint(c, IpDst, Ip6Dst, DstPort);
    }
    TsharkDirection &d = source == s.flow.endpointA ? s.flow.fromA : s.flow.fromB;
    ++s.flow.packets;
    ++d.frames;
    d.frameBytes += c[FrameLen].toLongLong();
    d.payloadBytes += c[TcpLen].toLongLong();
    s.frameBytes += c[FrameLen].toLongLong();
    if (!c[AckRtt].isEmpty())
        d.ackRttS.append(c[AckRtt].toDouble());
    if (!c[Retransmission].isEmpty())
        ++s.flow.retransmissions;
}

// Pass 1: one line per frame; the file's frame count and every TCP stream's tallies.
QString tallyStreams(const QString &capture, TsharkFigures &figures, std::map<int, StreamTally> &streams)
{
    const TsharkRows frames = tsharkFields(capture, QString(), kFields);
    if (!frames.error.isEmpty())
        return frames.error;
    for (QList<QByteArray> c : frames.rows) {
        ++figures.packets;
        if (c.size() != kFields.size() || c[Stream].isEmpty())
            continue;
        for (QByteArray &v : c) // a field repeated in one frame (e.g. tunnels): its first value
            v = v.left(v.indexOf(',') < 0 ? v.size() : v.indexOf(','));
        const int stream = c[Stream].toInt();
        StreamTally &s = streams[stream];
        s.flow.stream = stream;
        addFrame(s, c);
    }
    return {};
}

// The rows of "tshark -z io,stat": "| 0.0 <> 0.1 | frames | bytes | sum |".
void readIoStat(const QByteArray &text, QList<qint64> &bytes, QList<qint64> &sums)
{
    for (const QByteArray &line : text.split('\n')) {
        if (!line.contains("<>"))
            continue;
        const QList<QByteArray> cells = line.split('|');
        if (cells.size() < 5)
            continue;
        bytes.append(cells[3].trimmed().toLongLong());
        sums.append(cells[4].trimmed().toLongLong());
    }
}

// The conversation's total frames in "tshark -z conv,tcp": "A:port <-> B:port  frames bytes unit
// (B to A)  frames bytes unit (A to B)  frames bytes unit (total) ...", addresses without brackets.
qint64 readConvFrames(const QByteArray &text, const TsharkFlow &flow)
{
    const auto plain = [](QString e) { return e.remove(QLatin1Char('[')).remove(QLatin1Char(']')); };
    const QSet<QString> ends{plain(flow.endpointA), plain(flow.endpointB)};
    for (const QByteArray &line : text.split('\n')) {
        const QStringList w = QString::fromLatin1(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        // conv,tcp lists conversations largest first: the first match is the largest stream.
        if (w.size() >= 10 && w[1] == QLatin1String("<->") && QSet<QString>{w[0], w[2]} == ends)
            return w[9].toLongLong();
    }
    return -1;
}

// Passes 2 and 3: io,stat and conv,tcp of the flow in the whole capture (written out alone on
// the way), then io,stat of the file that holds only the flow.
QString ioStatistics(const QString &capture, double intervalS, TsharkFlow &flow)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        return QStringLiteral("cannot make a temporary folder: %1").arg(dir.errorString());
    const QString only = dir.filePath(QStringLiteral("flow.pcapng"));
    const QString interval = QString::number(intervalS);
    const QString inStream = QStringLiteral("tcp.stream==%1").arg(flow.stream);
    const Output whole = runTshark({QStringLiteral("-r"), capture, QStringLiteral("-Y"), inStream, QStringLiteral("-w"),
                                    only, QStringLiteral("-z"),
                                    QStringLiteral("io,stat,%1,%2,SUM(tcp.len)tcp.len && %2").arg(interval, inStream),
                                    QStringLiteral("-z"), QStringLiteral("conv,tcp")});
    if (!whole.error.isEmpty())
        return whole.error;
    readIoStat(whole.text, flow.bytesCaptureAligned, flow.payloadCaptureAligned);
    flow.convFrames = readConvFrames(whole.text, flow);
    const Output alone = runTshark({QStringLiteral("-r"), only, QStringLiteral("-q"), QStringLiteral("-z"),
                                    QStringLiteral("io,stat,%1,frame,SUM(tcp.len)tcp.len").arg(interval)});
    if (!alone.error.isEmpty())
        return alone.error;
    readIoStat(alone.text, flow.bytesFlowAligned, flow.payloadFlowAligned);
    return {};
}

TsharkFigures compute(const QString &capture, double intervalS)
{
    TsharkFigures figures;
    std::map<int, StreamTally> streams;
    figures.error = tallyStreams(capture, figures, streams);
    if (!figures.error.isEmpty() || streams.empty())
        return figures;
    // The most frame bytes; the lower stream index on a tie (the first to start).
    const auto largest = std::max_element(streams.begin(), streams.end(), [](const auto &a, const auto &b) {
        return a.second.frameBytes < b.second.frameBytes;
    });
    figures.largest = largest->second.flow;
    figures.error = ioStatistics(capture, intervalS, figures.largest);
    return figures;
}

} // namespace

const TsharkFigures &tsharkFigures(const QString &capture, double intervalS)
{
    static QHash<QString, TsharkFigures> cache;
    const QString key = capture + QLatin1Char('@') + QString::number(intervalS);
    auto it = cache.find(key);
    if (it == cache.end())
        it = cache.insert(key, compute(capture, intervalS));
    return *it;
}

TsharkRows tsharkFields(const QString &capture, const QString &filter, const QStringList &fields)
{
    QStringList args{QStringLiteral("-r"), capture,
                     QStringLiteral("-T"), QStringLiteral("fields"),
                     QStringLiteral("-E"), QStringLiteral("separator=/t")};
    if (!filter.isEmpty())
        args << QStringLiteral("-Y") << filter;
    for (const QString &f : fields)
        args << QStringLiteral("-e") << f;
    const Output out = runTshark(args);
    TsharkRows result;
    result.error = out.error;
    for (const QByteArray &line : out.text.split('\n')) {
        if (!line.isEmpty())
            result.rows.append(line.split('\t'));
    }
    return result;
}

double medianOf(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace tcptune::test
