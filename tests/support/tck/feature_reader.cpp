#include "tests/support/tck/feature_reader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <utility>

namespace cairn::tck {

bool Scenario::hasTag(std::string_view tag) const {
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

namespace {

std::string_view trimBlanks(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const size_t last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

bool startsWithWord(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// A table row: cells between unescaped '|', trimmed, with Gherkin's escapes undone.
std::vector<std::string> splitTableRow(std::string_view row) {
  std::vector<std::string> cells;
  std::string cell;
  for (size_t i = 1; i < row.size(); ++i) {  // row[0] is the opening '|'
    const char c = row[i];
    if (c == '\\' && i + 1 < row.size()) {
      const char next = row[i + 1];
      if (next == '|' || next == '\\') {
        cell += next;
        ++i;
        continue;
      }
      if (next == 'n') {
        cell += '\n';
        ++i;
        continue;
      }
      cell += c;
    } else if (c == '|') {
      cells.emplace_back(trimBlanks(cell));
      cell.clear();
    } else {
      cell += c;
    }
  }
  return cells;
}

// A step as written, before outline substitution and recognition.
struct RawStep {
  std::string keyword;
  std::string text;
  size_t line = 0;
  std::optional<std::string> docString;
  DataTable table;
};

struct RawExamples {
  std::vector<std::string> tags;
  size_t line = 0;
  DataTable table;  // header first
};

struct RawScenario {
  bool outline = false;
  std::string title;
  std::vector<std::string> tags;
  size_t line = 0;
  std::vector<RawStep> steps;
  std::vector<RawExamples> examples;
};

class FeatureParser {
 public:
  FeatureParser(std::string_view text, const std::string& path) : path_(path) {
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      lines_.push_back(line);
      if (end == text.size()) break;
      start = end + 1;
    }
  }

  Feature parse();

 private:
  [[noreturn]] void fail(size_t line, const std::string& what) const {
    throw FeatureReadError(path_ + ":" + std::to_string(line) + ": " + what);
  }

  std::vector<RawStep>& currentSteps(size_t line) {
    if (!scenarios_.empty()) return scenarios_.back().steps;
    if (inBackground_) return background_;
    fail(line, "step outside a scenario");
  }

  std::string readDocString(size_t& i, std::string_view opening);
  Scenario expand(const RawScenario& raw, const std::vector<std::string>* header,
                  const std::vector<std::string>* row, const std::vector<std::string>& extraTags,
                  std::optional<size_t> outlineRow) const;
  Step recognize(const RawStep& raw) const;

  std::string path_;
  std::vector<std::string_view> lines_;
  Feature feature_;
  bool sawFeature_ = false;
  bool inBackground_ = false;
  std::vector<RawStep> background_;
  std::vector<RawScenario> scenarios_;
  // Where the next table row goes: the last step's table, or the last Examples table.
  bool tableToExamples_ = false;
};

// Lines up to the closing delimiter; each loses as much leading blank space as the opening
// delimiter was indented (Gherkin's rule), so the doc string reads as written.
std::string FeatureParser::readDocString(size_t& i, std::string_view opening) {
  const size_t openLine = i + 1;
  const size_t indent = opening.find_first_not_of(" \t");
  const std::string_view delimiter = trimBlanks(opening).substr(0, 3);
  std::string text;
  bool first = true;
  for (++i; i < lines_.size(); ++i) {
    std::string_view line = lines_[i];
    if (trimBlanks(line) == delimiter) return text;
    size_t drop = 0;
    while (drop < indent && drop < line.size() && (line[drop] == ' ' || line[drop] == '\t')) {
      ++drop;
    }
    line.remove_prefix(drop);
    if (!first) text += '\n';
    text += line;
    first = false;
  }
  fail(openLine, "unterminated doc string");
}

Feature FeatureParser::parse() {
  feature_.path = path_;
  std::vector<std::string> pendingTags;
  for (size_t i = 0; i < lines_.size(); ++i) {
    const size_t lineNumber = i + 1;
    const std::string_view text = trimBlanks(lines_[i]);
    if (text.empty() || text[0] == '#') continue;
    if (text[0] == '@') {
      std::istringstream words{std::string(text)};
      std::string word;
      while (words >> word) {
        if (word[0] == '#') break;
        if (word[0] != '@') fail(lineNumber, "malformed tag line");
        pendingTags.push_back(word);
      }
      continue;
    }
    if (startsWithWord(text, "Feature:")) {
      if (sawFeature_) fail(lineNumber, "second Feature");
      sawFeature_ = true;
      feature_.name = std::string(trimBlanks(text.substr(8)));
      feature_.tags = std::exchange(pendingTags, {});
      continue;
    }
    if (!sawFeature_) fail(lineNumber, "text before Feature:");
    if (startsWithWord(text, "Background:")) {
      if (!scenarios_.empty() || inBackground_) fail(lineNumber, "Background after a scenario");
      inBackground_ = true;
      continue;
    }
    const bool outline = startsWithWord(text, "Scenario Outline:");
    if (outline || startsWithWord(text, "Scenario:")) {
      RawScenario scenario;
      scenario.outline = outline;
      scenario.title = std::string(trimBlanks(text.substr(outline ? 17 : 9)));
      scenario.tags = std::exchange(pendingTags, {});
      scenario.line = lineNumber;
      scenarios_.push_back(std::move(scenario));
      tableToExamples_ = false;
      continue;
    }
    if (startsWithWord(text, "Examples:")) {
      if (scenarios_.empty() || !scenarios_.back().outline) {
        fail(lineNumber, "Examples outside a Scenario Outline");
      }
      scenarios_.back().examples.push_back({std::exchange(pendingTags, {}), lineNumber, {}});
      tableToExamples_ = true;
      continue;
    }
    if (!pendingTags.empty()) fail(lineNumber, "tags must precede a Scenario or Examples");
    if (text[0] == '|') {
      if (tableToExamples_) {
        scenarios_.back().examples.back().table.push_back(splitTableRow(text));
      } else {
        std::vector<RawStep>& steps = currentSteps(lineNumber);
        if (steps.empty() || steps.back().docString) fail(lineNumber, "table without a step");
        steps.back().table.push_back(splitTableRow(text));
      }
      continue;
    }
    if (startsWithWord(text, "\"\"\"") || startsWithWord(text, "```")) {
      std::vector<RawStep>& steps = currentSteps(lineNumber);
      if (steps.empty() || steps.back().docString || !steps.back().table.empty() ||
          tableToExamples_) {
        fail(lineNumber, "doc string without a step");
      }
      steps.back().docString = readDocString(i, lines_[i]);
      continue;
    }
    static constexpr std::string_view kKeywords[] = {"Given ", "When ", "Then ", "And ", "But "};
    bool isStep = false;
    for (const std::string_view keyword : kKeywords) {
      if (!startsWithWord(text, keyword)) continue;
      if (tableToExamples_) fail(lineNumber, "step after Examples");
      RawStep step;
      step.keyword = std::string(keyword.substr(0, keyword.size() - 1));
      step.text = std::string(trimBlanks(text.substr(keyword.size())));
      step.line = lineNumber;
      currentSteps(lineNumber).push_back(std::move(step));
      isStep = true;
      break;
    }
    if (isStep) continue;
    // Free text is a description only between "Feature:" and the first Background/Scenario.
    if (!scenarios_.empty() || inBackground_) {
      fail(lineNumber, "unexpected line: " + std::string(text));
    }
  }
  if (!sawFeature_) fail(lines_.size(), "no Feature");

  for (const RawScenario& raw : scenarios_) {
    if (!raw.outline) {
      feature_.scenarios.push_back(expand(raw, nullptr, nullptr, {}, std::nullopt));
      continue;
    }
    if (raw.examples.empty()) fail(raw.line, "Scenario Outline without Examples");
    size_t row = 0;
    for (const RawExamples& examples : raw.examples) {
      if (examples.table.empty()) fail(examples.line, "Examples without a table");
      const std::vector<std::string>& header = examples.table.front();
      for (size_t r = 1; r < examples.table.size(); ++r) {
        if (examples.table[r].size() != header.size()) {
          fail(examples.line, "Examples row " + std::to_string(r) + " has " +
                                  std::to_string(examples.table[r].size()) + " cells, header has " +
                                  std::to_string(header.size()));
        }
        feature_.scenarios.push_back(
            expand(raw, &header, &examples.table[r], examples.tags, ++row));
      }
    }
  }
  return std::move(feature_);
}

Scenario FeatureParser::expand(const RawScenario& raw, const std::vector<std::string>* header,
                               const std::vector<std::string>* row,
                               const std::vector<std::string>& extraTags,
                               std::optional<size_t> outlineRow) const {
  auto substitute = [&](const std::string& text) {
    return header == nullptr ? text : substitutePlaceholders(text, *header, *row);
  };
  Scenario scenario;
  scenario.line = raw.line;
  scenario.outlineRow = outlineRow;
  scenario.tags = feature_.tags;
  scenario.tags.insert(scenario.tags.end(), raw.tags.begin(), raw.tags.end());
  scenario.tags.insert(scenario.tags.end(), extraTags.begin(), extraTags.end());
  // "[12] Title": the number is the scenario's index within its file.
  // Titles have placeholders too ("... #Example: <exampleName>").
  const std::string title = substitute(raw.title);
  scenario.name = title;
  static const std::regex kIndexed(R"(^\[(\d+)\]\s*(.*)$)");
  std::smatch match;
  if (std::regex_match(title, match, kIndexed)) {
    scenario.index = std::stoi(match[1].str());
    scenario.name = match[2].str();
  }
  auto add = [&](const RawStep& step) {
    RawStep expanded = step;
    expanded.text = substitute(step.text);
    if (step.docString) expanded.docString = substitute(*step.docString);
    for (auto& cells : expanded.table) {
      for (std::string& cell : cells) cell = substitute(cell);
    }
    scenario.steps.push_back(recognize(expanded));
  };
  for (const RawStep& step : background_) add(step);
  for (const RawStep& step : raw.steps) add(step);
  return scenario;
}

Step FeatureParser::recognize(const RawStep& raw) const {
  Step step;
  step.keyword = raw.keyword;
  step.text = raw.text;
  step.line = raw.line;
  step.table = raw.table;
  const std::string& text = raw.text;
  auto need = [&](bool docString, bool table) {
    if (docString != raw.docString.has_value()) {
      fail(raw.line,
           docString ? "step needs a doc string: " + text : "step takes no doc string: " + text);
    }
    if (table == raw.table.empty()) {
      fail(raw.line, table ? "step needs a table: " + text : "step takes no table: " + text);
    }
    if (docString) step.docString = *raw.docString;
  };
  static const std::regex kNamedGraph(R"(^the ([\w-]+) graph$)");
  static const std::regex kProcedure(R"(^there exists a procedure (.+?)\s*:$)");
  static const std::regex kResult(
      R"(^the result should be(, in (any order|order))?( \(ignoring element order for lists\))?:$)");
  static const std::regex kError(
      R"(^an? (\w+) should be raised at (compile time|runtime|any time): (\S+)$)");
  std::smatch match;
  if (text == "an empty graph") {
    step.kind = StepKind::kEmptyGraph;
    need(false, false);
  } else if (text == "any graph") {
    step.kind = StepKind::kAnyGraph;
    need(false, false);
  } else if (std::regex_match(text, match, kNamedGraph)) {
    step.kind = StepKind::kNamedGraph;
    step.graphName = match[1].str();
    need(false, false);
  } else if (text == "having executed:") {
    step.kind = StepKind::kHavingExecuted;
    need(true, false);
  } else if (text == "parameters are:") {
    step.kind = StepKind::kParameters;
    need(false, true);
  } else if (std::regex_match(text, match, kProcedure)) {
    step.kind = StepKind::kProcedure;
    step.procedureSignature = match[1].str();
    need(false, true);
  } else if (text == "executing query:") {
    step.kind = StepKind::kExecuteQuery;
    need(true, false);
  } else if (text == "executing control query:") {
    step.kind = StepKind::kExecuteControlQuery;
    need(true, false);
  } else if (std::regex_match(text, match, kResult)) {
    // "the result should be:" with neither qualifier is not a TCK sentence.
    if (!match[1].matched && !match[3].matched) fail(raw.line, "unknown step: " + text);
    step.kind = StepKind::kExpectResult;
    step.inOrder = match[2].matched && match[2].str() == "order";
    step.ignoreListOrder = match[3].matched;
    need(false, true);
  } else if (text == "the result should be empty") {
    step.kind = StepKind::kExpectEmptyResult;
    need(false, false);
  } else if (std::regex_match(text, match, kError)) {
    step.kind = StepKind::kExpectError;
    step.errorClass = match[1].str();
    const std::string phase = match[2].str();
    step.errorPhase = phase == "compile time" ? ErrorPhase::kCompileTime
                      : phase == "runtime"    ? ErrorPhase::kRuntime
                                              : ErrorPhase::kAnyTime;
    step.errorDetail = match[3].str();
    need(false, false);
  } else if (text == "the side effects should be:") {
    step.kind = StepKind::kExpectSideEffects;
    need(false, true);
  } else if (text == "no side effects") {
    step.kind = StepKind::kExpectNoSideEffects;
    need(false, false);
  } else {
    fail(raw.line, "unknown step: " + text);
  }
  return step;
}

}  // namespace

std::string substitutePlaceholders(std::string_view text, const std::vector<std::string>& header,
                                   const std::vector<std::string>& row) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t open = text.find('<', pos);
    if (open == std::string_view::npos) break;
    const size_t close = text.find('>', open + 1);
    if (close == std::string_view::npos) break;
    const std::string_view name = text.substr(open + 1, close - open - 1);
    const auto column = std::find(header.begin(), header.end(), name);
    if (column == header.end()) {
      // Not a placeholder ("<-", "a < b"): keep the '<' and look again after it.
      out += text.substr(pos, open + 1 - pos);
      pos = open + 1;
      continue;
    }
    out += text.substr(pos, open - pos);
    out += row[static_cast<size_t>(column - header.begin())];
    pos = close + 1;
  }
  out += text.substr(pos);
  return out;
}

std::string scenarioId(const Feature& feature, const Scenario& scenario,
                       const std::string& featuresRoot) {
  std::string id =
      std::filesystem::path(feature.path).lexically_relative(featuresRoot).generic_string();
  if (scenario.index) id += " [" + std::to_string(*scenario.index) + "]";
  if (scenario.outlineRow) id += " " + std::to_string(*scenario.outlineRow);
  return id + ": " + scenario.name;
}

Feature parseFeature(std::string_view text, const std::string& path) {
  return FeatureParser(text, path).parse();
}

Feature readFeatureFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FeatureReadError(path + ": cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  return parseFeature(text.str(), path);
}

}  // namespace cairn::tck
