#include "bench/pokec/pokec_writers.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

namespace cairn::bench::pokec {
namespace {

enum class Kind { kInteger, kString, kBoolean, kDate };

struct Property {
  const char* name;
  Kind kind;
  std::string text;  // lexical form: digits, the string itself, true/false, YYYY-MM-DD
};

// The schema, in the order every format writes it.
struct Column {
  const char* name;
  Kind kind;
};
constexpr Column kColumns[] = {
    {"id", Kind::kInteger},        {"age", Kind::kInteger},
    {"gender", Kind::kString},     {"completion_percentage", Kind::kInteger},
    {"region", Kind::kString},     {"public", Kind::kBoolean},
    {"registration", Kind::kDate}, {"last_login", Kind::kDate},
    {"height", Kind::kInteger},    {"weight", Kind::kInteger},
    {"eye_color", Kind::kString},  {"hobbies", Kind::kString},
};

std::string dateText(const Date& d) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.year, d.month, d.day);
  return buf;
}

// One optional text per column of kColumns (nullopt: the property is missing).
std::vector<std::optional<std::string>> cells(const User& u) {
  auto integer = [](const std::optional<int64_t>& v) {
    return v ? std::optional<std::string>(std::to_string(*v)) : std::nullopt;
  };
  auto string = [](const std::optional<std::string_view>& v) {
    return v ? std::optional<std::string>(std::string(*v)) : std::nullopt;
  };
  return {std::to_string(u.id),
          integer(u.age),
          string(u.gender),
          std::to_string(u.completionPercentage),
          string(u.region),
          std::string(u.isPublic ? "true" : "false"),
          dateText(u.registration),
          u.lastLogin ? std::optional<std::string>(dateText(*u.lastLogin)) : std::nullopt,
          integer(u.height),
          integer(u.weight),
          string(u.eyeColor),
          string(u.hobbies)};
}

// Buffered output that counts bytes and remembers the first error.
class Output {
 public:
  bool open(const std::string& path, std::string& error) {
    path_ = path;
    file_ = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) error = "cannot open " + path + ": " + std::strerror(errno);
    return file_ != nullptr;
  }
  Output& operator<<(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size()) failed_ = true;
    bytes_ += text.size();
    return *this;
  }
  Output& operator<<(uint64_t n) { return *this << std::string_view(std::to_string(n)); }
  bool close(std::string& error, uint64_t& bytes) {
    bytes += bytes_;
    const bool closed = file_ == stdout ? std::fflush(file_) == 0 : std::fclose(file_) == 0;
    file_ = nullptr;
    if (failed_ || !closed) error = "write error on " + path_;
    return !failed_ && closed;
  }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  bool failed_ = false;
  uint64_t bytes_ = 0;
};

constexpr std::string_view kUserIri = "<urn:pokec:user/";
constexpr std::string_view kVocabulary = "<urn:cairn:pg:";
constexpr std::string_view kXsd = "http://www.w3.org/2001/XMLSchema#";

std::string ntLiteral(Kind kind, const std::string& text) {
  // The generator's strings need no escaping (letters, spaces, commas, '-').
  switch (kind) {
    case Kind::kInteger:
      return "\"" + text + "\"^^<" + std::string(kXsd) + "integer>";
    case Kind::kBoolean:
      return "\"" + text + "\"^^<" + std::string(kXsd) + "boolean>";
    case Kind::kDate:
      return "\"" + text + "\"^^<" + std::string(kXsd) + "date>";
    case Kind::kString:
      break;
  }
  return "\"" + text + "\"";
}

std::string cypherLiteral(Kind kind, const std::string& text) {
  switch (kind) {
    case Kind::kString:
      return "'" + text + "'";
    case Kind::kDate:
      return "date('" + text + "')";
    default:
      return text;
  }
}

std::string csvField(Kind kind, const std::optional<std::string>& text) {
  if (!text) return "";
  return kind == Kind::kString ? "\"" + *text + "\"" : *text;
}

}  // namespace

bool writeNTriples(const PokecGraph& graph, const std::string& path, WriteCounts& counts,
                   std::string& error) {
  Output out;
  if (!out.open(path, error)) return false;
  for (uint64_t id = 1; id <= graph.users(); ++id) {
    const auto row = cells(graph.user(id));
    std::string subject = std::string(kUserIri) + std::to_string(id) + ">";
    out << subject << " <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> " << kVocabulary
        << "User> .\n";
    for (size_t c = 0; c < row.size(); ++c) {
      if (!row[c]) continue;
      out << subject << " " << kVocabulary << kColumns[c].name << "> "
          << ntLiteral(kColumns[c].kind, *row[c]) << " .\n";
    }
    for (uint64_t target : graph.friends(id)) {
      out << subject << " " << kVocabulary << "Friend> " << kUserIri << target << "> .\n";
      ++counts.relationships;
    }
    ++counts.users;
  }
  return out.close(error, counts.bytes);
}

bool writeCypher(const PokecGraph& graph, const std::string& path, WriteCounts& counts,
                 std::string& error) {
  Output out;
  if (!out.open(path, error)) return false;
  for (uint64_t id = 1; id <= graph.users(); ++id) {
    const auto row = cells(graph.user(id));
    out << "CREATE (:User {";
    bool first = true;
    for (size_t c = 0; c < row.size(); ++c) {
      if (!row[c]) continue;
      out << (first ? "" : ", ") << kColumns[c].name << ": "
          << cypherLiteral(kColumns[c].kind, *row[c]);
      first = false;
    }
    out << "});\n";
    ++counts.users;
  }
  for (uint64_t id = 1; id <= graph.users(); ++id) {
    for (uint64_t target : graph.friends(id)) {
      out << "MATCH (a:User {id: " << id << "}), (b:User {id: " << target
          << "}) CREATE (a)-[:Friend]->(b);\n";
      ++counts.relationships;
    }
  }
  return out.close(error, counts.bytes);
}

bool writeCsv(const PokecGraph& graph, const std::string& directory, WriteCounts& counts,
              std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  if (ec) {
    error = "cannot create " + directory + ": " + ec.message();
    return false;
  }
  const std::string users = directory + "/user.csv";
  const std::string friends = directory + "/friend.csv";
  Output userOut, friendOut, schema;
  if (!userOut.open(users, error) || !friendOut.open(friends, error) ||
      !schema.open(directory + "/schema.cypher", error)) {
    return false;
  }
  for (uint64_t id = 1; id <= graph.users(); ++id) {
    const auto row = cells(graph.user(id));
    for (size_t c = 0; c < row.size(); ++c) {
      userOut << (c ? "," : "") << csvField(kColumns[c].kind, row[c]);
    }
    userOut << "\n";
    for (uint64_t target : graph.friends(id)) {
      friendOut << id << "," << target << "\n";
      ++counts.relationships;
    }
    ++counts.users;
  }
  schema << "CREATE NODE TABLE User(";
  for (size_t c = 0; c < std::size(kColumns); ++c) {
    static constexpr const char* kTypes[] = {"INT64", "STRING", "BOOLEAN", "DATE"};
    schema << (c ? ", " : "") << kColumns[c].name << " "
           << kTypes[static_cast<int>(kColumns[c].kind)];
  }
  schema << ", PRIMARY KEY(id));\nCREATE REL TABLE Friend(FROM User TO User);\n";
  schema << "COPY User FROM '" << users << "' (HEADER=false);\n";
  schema << "COPY Friend FROM '" << friends << "' (HEADER=false);\n";
  return userOut.close(error, counts.bytes) && friendOut.close(error, counts.bytes) &&
         schema.close(error, counts.bytes);
}

}  // namespace cairn::bench::pokec
