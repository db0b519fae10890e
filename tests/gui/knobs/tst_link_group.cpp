// The Links group on this host (issue 31): a target on a real host lists this host's devices, and
// a link knob of a host device is only kept for the runs after Yes to the same question the knob
// panel asks before a core TCP feature goes off (No keeps nothing; Yes is passed to the runs as
// the helper's confirmation). Nothing is changed on the host: the edits are the runs', and no run
// starts here.

#include "experiment/spec/experiment_spec.h"
#include "knobs/knob_scope.h"
#include "knobs/link_end_view.h"
#include "knobs/link_group.h"
#include "knobs/link_knob_model.h"

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QTimer>

using namespace tcptune;

namespace {

// Answers the host-device question with BUTTON once it shows; ASKED tells whether it did.
void answerQuestion(QMessageBox::StandardButton button, bool *asked)
{
    auto *poll = new QTimer;
    poll->setInterval(20);
    int tries = 0;
    QObject::connect(poll, &QTimer::timeout, poll, [poll, button, asked, tries]() mutable {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (box && box->objectName() == QLatin1String("coreFeatureConfirmation")) {
            *asked = true;
            box->button(button)->click();
        } else if (++tries < 250) {
            return;
        }
        poll->deleteLater();
        poll->stop();
    });
    poll->start();
}

// A feature knob of a host device that the device lets change, as the group shows it; -1 if none.
int changeableFeatureRow(const LinkKnobModel *model)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex value = model->index(row, LinkKnobModel::ValueColumn);
        if (model->readings().at(row).knob->type == ValueType::Bool && (model->flags(value) & Qt::ItemIsEditable))
            return row;
    }
    return -1;
}

} // namespace

class TestLinkGroup final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void hostDeviceAsksFirst();
};

void TestLinkGroup::hostDeviceAsksFirst()
{
    TargetSpec host;
    host.kind = TargetSpec::Kind::Agent;
    LinkGroup group;
    group.showScope(knobScopeFor(host), QString());
    group.show();
    LinkEndView *local = group.localEnd();
    QVERIFY(!local->devices().contains(QStringLiteral("lo")));
    int row = -1;
    for (const QString &device : local->devices()) {
        local->setCurrentDevice(device);
        if ((row = changeableFeatureRow(local->model())) >= 0)
            break;
    }
    if (row < 0)
        QSKIP("no device of this host lets a feature change (ethtool -k shows every one [fixed])");
    LinkKnobModel *model = local->model();
    const QString key = model->readings().at(row).knob->key;
    const QString now = *model->readings().at(row).value;
    const QString other = now == QLatin1String("1") ? QStringLiteral("0") : QStringLiteral("1");
    const QModelIndex value = model->index(row, LinkKnobModel::ValueColumn);

    bool asked = false;
    answerQuestion(QMessageBox::No, &asked);
    QVERIFY(model->setData(value, other));
    QVERIFY(asked);
    QVERIFY(local->runValues().isEmpty());
    QVERIFY(!group.hostChangesConfirmed());

    asked = false;
    answerQuestion(QMessageBox::Yes, &asked);
    QVERIFY(model->setData(value, other));
    QVERIFY(asked);
    QCOMPARE(local->runValues().value(key), other);
    QVERIFY(group.hostChangesConfirmed());
    QVERIFY(value.data(KnobTableModel::ChangedRole).toBool());
    ExperimentSpec spec;
    QVERIFY(group.applyTo(spec));
    QCOMPARE(spec.knobs.value(key), other);

    // The device's own value again: no change left, nothing for the runs to confirm.
    QVERIFY(model->setData(value, now) || local->runValues().isEmpty());
    QTRY_VERIFY(local->runValues().isEmpty());
    QVERIFY(!group.hostChangesConfirmed());
}

QTEST_MAIN(TestLinkGroup)
#include "tst_link_group.moc"
