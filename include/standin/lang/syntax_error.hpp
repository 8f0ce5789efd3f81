// SyntaxError: a guest source error that names file, line and column, raised by
// the lexer, parser and compiler. Its own header so that the compiled mode's
// declarations can name it without the compiler's headers.
// Counterpart: CPython's SyntaxError (Objects/exceptions.c) and its report.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/error.hpp>

#include <cstdint>
#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

// The text of 1-based line `line` of `source`, without its newline (empty past the end):
// the line a SyntaxError report shows.
inline std::string_view source_line_text(std::string_view source, std::uint32_t line) noexcept {
    std::size_t pos = 0;
    for (std::uint32_t l = 1; l < line && pos != std::string_view::npos; ++l) {
        pos = source.find('\n', pos);
        if (pos != std::string_view::npos) ++pos;
    }
    if (pos == std::string_view::npos || pos > source.size()) return {};
    std::size_t end = source.find('\n', pos);
    return source.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
}

// A syntax error in guest source: names file, line and column (1-based) and
// carries CPython's report in traceback() ("  File ..., line N", the line, a caret).
class SyntaxError : public Error {
public:
    SyntaxError(std::string message, std::string filename, std::uint32_t line, std::uint32_t column,
                std::string_view line_text, std::string type = "SyntaxError")
        : Error(exc::SyntaxError, std::move(message)), filename_(std::move(filename)), line_(line),
          column_(column) {
        set_type_name(std::move(type));
        std::string tb = "  File \"" + filename_ + "\", line " + std::to_string(line) + "\n";
        std::size_t indent = 0;
        while (indent < line_text.size() && (line_text[indent] == ' ' || line_text[indent] == '\t' ||
                                              line_text[indent] == '\f'))
            ++indent;
        std::string_view shown = line_text.substr(indent);
        while (!shown.empty() && (shown.back() == '\r' || shown.back() == ' ' || shown.back() == '\n'))
            shown.remove_suffix(1);
        if (!shown.empty()) {
            tb += "    " + std::string(shown) + "\n";
            std::size_t caret = column > indent ? column - 1 - indent : 0;
            if (caret > shown.size()) caret = shown.size();
            tb += "    " + std::string(caret, ' ') + "^\n";
        }
        set_traceback(std::move(tb));
    }
    const std::string& filename() const noexcept { return filename_; }
    std::uint32_t line() const noexcept { return line_; }
    std::uint32_t column() const noexcept { return column_; }

private:
    std::string filename_;
    std::uint32_t line_, column_;
};

STANDIN_NAMESPACE_END
