#include "experiment/tables/regression_check_junit.h"

#include "experiment/record/experiment_name.h"

#include <QCoreApplication>
#include <QXmlStreamWriter>

namespace tcptune {
namespace {

class RegressionCheckJUnit final {
    Q_DECLARE_TR_FUNCTIONS(RegressionCheckJUnit)
};

void writeCase(QXmlStreamWriter &xml, const MetricCheck &check)
{
    xml.writeStartElement(QStringLiteral("testcase"));
    xml.writeAttribute(QStringLiteral("classname"), check.point.isEmpty()
                                                        ? QStringLiteral("tcptune.check")
                                                        : QStringLiteral("tcptune.check.") + check.point);
    xml.writeAttribute(QStringLiteral("name"), check.row.key);
    if (check.outcome == CheckOutcome::Regression || check.outcome == CheckOutcome::Undecided) {
        xml.writeStartElement(check.outcome == CheckOutcome::Regression ? QStringLiteral("failure")
                                                                        : QStringLiteral("skipped"));
        xml.writeAttribute(QStringLiteral("type"), checkOutcomeName(check.outcome));
        xml.writeAttribute(QStringLiteral("message"), check.sentence());
        xml.writeEndElement();
    } else {
        xml.writeTextElement(QStringLiteral("system-out"), check.sentence());
    }
    xml.writeEndElement();
}

void writeMissingPoint(QXmlStreamWriter &xml, const QString &label)
{
    xml.writeStartElement(QStringLiteral("testcase"));
    xml.writeAttribute(QStringLiteral("classname"), QStringLiteral("tcptune.check.") + label);
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("point"));
    xml.writeStartElement(QStringLiteral("error"));
    xml.writeAttribute(QStringLiteral("type"), QStringLiteral("missing"));
    xml.writeAttribute(QStringLiteral("message"),
                       RegressionCheckJUnit::tr("The baseline has the point %1; the check did not run it.").arg(label));
    xml.writeEndElement();
    xml.writeEndElement();
}

void writeProperty(QXmlStreamWriter &xml, const QString &name, const QString &value)
{
    xml.writeStartElement(QStringLiteral("property"));
    xml.writeAttribute(QStringLiteral("name"), name);
    xml.writeAttribute(QStringLiteral("value"), value);
    xml.writeEndElement();
}

} // namespace

QByteArray regressionCheckJUnit(const RegressionCheck &check, const QString &host, const QDateTime &when,
                                double seconds)
{
    QByteArray out;
    QXmlStreamWriter xml(&out);
    xml.setAutoFormatting(true);
    xml.writeStartDocument();
    const QString tests = QString::number(check.checks.size() + check.diff.onlyInA.size());
    const QString failures = QString::number(check.count(CheckOutcome::Regression));
    const QString errors = QString::number(check.diff.onlyInA.size());
    const QString time = QString::number(std::max(0.0, seconds), 'f', 3);
    xml.writeStartElement(QStringLiteral("testsuites"));
    xml.writeAttribute(QStringLiteral("name"), QStringLiteral("tcptune check"));
    for (const auto &[name, value] : {std::pair{QStringLiteral("tests"), tests},
                                      {QStringLiteral("failures"), failures},
                                      {QStringLiteral("errors"), errors},
                                      {QStringLiteral("time"), time}})
        xml.writeAttribute(name, value);
    xml.writeStartElement(QStringLiteral("testsuite"));
    xml.writeAttribute(
        QStringLiteral("name"),
        RegressionCheckJUnit::tr("%1 against %2").arg(experimentName(check.diff.b), experimentName(check.diff.a)));
    for (const auto &[name, value] :
         {std::pair{QStringLiteral("tests"), tests},
          {QStringLiteral("failures"), failures},
          {QStringLiteral("errors"), errors},
          {QStringLiteral("skipped"), QString::number(check.count(CheckOutcome::Undecided))},
          {QStringLiteral("time"), time},
          {QStringLiteral("timestamp"), when.toUTC().toString(Qt::ISODate)},
          {QStringLiteral("hostname"), host}})
        xml.writeAttribute(name, value);
    xml.writeStartElement(QStringLiteral("properties"));
    writeProperty(xml, QStringLiteral("baseline_experiment"), QString::number(check.diff.a.id));
    writeProperty(xml, QStringLiteral("checked_experiment"), QString::number(check.diff.b.id));
    xml.writeEndElement();
    for (const MetricCheck &c : check.checks)
        writeCase(xml, c);
    for (const QString &label : check.diff.onlyInA)
        writeMissingPoint(xml, label);
    xml.writeEndElement();
    xml.writeEndElement();
    xml.writeEndDocument();
    return out;
}

} // namespace tcptune
