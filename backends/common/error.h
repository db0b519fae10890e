#pragma once
// The one error type of the backends: a sentence for the user that says what went wrong and
// what to do. Backends return std::expected<T, Error>; nothing throws across Qt code.

#include <QString>
#include <expected>

namespace tcptune {

struct Error {
    QString message;
};

template <typename T> using Result = std::expected<T, Error>;

inline std::unexpected<Error> fail(QString message)
{
    return std::unexpected(Error{std::move(message)});
}

} // namespace tcptune
