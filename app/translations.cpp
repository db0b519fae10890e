#include "translations.h"

#include "common/install_layout.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace tcptune {

namespace {

void install(const QString &name, const QString &directory)
{
    auto *translator = new QTranslator(QCoreApplication::instance());
    // The source language (English) has no file: then nothing is installed.
    if (translator->load(QLocale(), name, QStringLiteral("_"), directory))
        QCoreApplication::installTranslator(translator);
    else
        delete translator;
}

} // namespace

void installTranslations()
{
    install(QStringLiteral("tcptune"), installlayout::translationDir());
    install(QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
}

} // namespace tcptune
