#pragma once
// UCASE and LCASE: Unicode simple case mappings (one code point to one) through the C library's
// UTF-8 tables. Counting and slicing in code points use core/utf8.h. Input is assumed valid UTF-8
// (parsers validate it); a byte that starts no well-formed sequence is taken as the code point
// of its value.

#include <string>
#include <string_view>

namespace cairn::query::expr::utf8 {

std::string toUpper(std::string_view s);
std::string toLower(std::string_view s);

}  // namespace cairn::query::expr::utf8
