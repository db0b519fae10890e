#pragma once
// The one way an enum's values get their names in JSON, the result store and the command line:
// a constexpr table of {value, name} per enum, read both ways by nameOf() and parseName(). A
// hand-written switch (to the name) and if-chain (back from it) per enum had to be kept in step
// by hand; one table cannot disagree with itself. The names are data and never translated: a
// label a person reads goes through tr() where it is shown.
//
// A table lists the enumerators in declaration order; beside each table,
//   static_assert(enumNamesDense(kTable) && enumNamesUnique(kTable));
// catches a skipped enumerator or a name given twice when it is compiled. An enumerator appended
// to the enum must be appended to its table too (tst_enum_names checks each table's last entry).

#include <QString>
#include <QStringView>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace tcptune {

template <typename E> struct EnumName {
    E value;
    // UTF-16, so parseName() compares with a QStringView without converting; names need not be
    // C++ identifiers ("split-write", "bit/s"), which rules out QMetaEnum.
    std::u16string_view name;
};

template <typename E, std::size_t N> using EnumNames = std::array<EnumName<E>, N>;

// The name NAMES gives VALUE; a null QString when NAMES does not list it.
template <typename E, std::size_t N> QString nameOf(const EnumNames<E, N> &names, E value)
{
    for (const EnumName<E> &n : names)
        if (n.value == value)
            return QStringView(n.name).toString();
    return QString();
}

// The value NAMES calls TEXT, compared exactly: a caller that accepts other spellings trims or
// lowers TEXT first, as its own rules say. nullopt for any other text.
template <typename E, std::size_t N> std::optional<E> parseName(const EnumNames<E, N> &names, QStringView text)
{
    for (const EnumName<E> &n : names)
        if (QStringView(n.name) == text)
            return n.value;
    return std::nullopt;
}

// Whether entry i of NAMES names the enumerator whose value is i: every enumerator up to the
// table's last is listed, once, in declaration order.
template <typename E, std::size_t N> constexpr bool enumNamesDense(const EnumNames<E, N> &names)
{
    for (std::size_t i = 0; i < N; ++i)
        if (static_cast<std::size_t>(names[i].value) != i)
            return false;
    return true;
}

// Whether no two entries of NAMES share a name (parseName() would only ever find the first).
template <typename E, std::size_t N> constexpr bool enumNamesUnique(const EnumNames<E, N> &names)
{
    for (std::size_t i = 0; i < N; ++i)
        for (std::size_t j = i + 1; j < N; ++j)
            if (names[i].name == names[j].name)
                return false;
    return true;
}

} // namespace tcptune
