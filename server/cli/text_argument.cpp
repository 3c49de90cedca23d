#include "server/cli/text_argument.h"

#include <fstream>
#include <sstream>

#include "core/error.h"

namespace cairn::server {

std::string readTextArgument(const std::string& argument, const std::string& what) {
  if (argument.empty() || argument[0] != '@') return argument;
  const std::string path = argument.substr(1);
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw core::Error(core::ErrorCode::kNotFound, "cannot read " + what + " file '" + path + "'");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace cairn::server
