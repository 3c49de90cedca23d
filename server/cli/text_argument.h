#pragma once
// A command's main text argument (a query, an update): given inline, or as @FILE to read it
// from a file.

#include <string>

namespace cairn::server {

// `argument` itself, or the contents of FILE when it is "@FILE". Throws core::Error(kNotFound)
// naming `what` ("query", "update") when the file cannot be read.
std::string readTextArgument(const std::string& argument, const std::string& what);

}  // namespace cairn::server
