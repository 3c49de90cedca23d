#include "core/rdf/serd_parser.h"

#include <serd/serd.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "core/check.h"
#include "core/rdf/iri.h"
#include "core/rdf/rdf_chars.h"
#include "core/rdf/turtle_feeder.h"
#include "core/utf8.h"

namespace cairn::core::rdf {
namespace {

// Statements of one top-level statement are held back until it parsed completely; a TriG graph
// block may be huge, so it is delivered in parts of this many statements.
constexpr size_t kMaxBufferedStatements = 1024;

struct Span {
  size_t offset = 0, size = 0;
};
struct BufferedTerm {
  TermKind kind = TermKind::kIri;
  Span value, datatype, language;
};
struct BufferedStatement {
  BufferedTerm subject, predicate, object, graph;
  bool hasGraph = false;
};

struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

SerdSyntax serdSyntax(RdfFormat format) {
  switch (format) {
    case RdfFormat::kNTriples:
      return SERD_NTRIPLES;
    case RdfFormat::kNQuads:
      return SERD_NQUADS;
    case RdfFormat::kTurtle:
      return SERD_TURTLE;
    case RdfFormat::kTriG:
      return SERD_TRIG;
  }
  return SERD_TURTLE;
}

std::string_view nodeText(const SerdNode* node) {
  return {reinterpret_cast<const char*>(node->buf), node->n_bytes};
}

// serd writes each escaped UTF-16 surrogate (\uD83D\uDE00) as its own 3-byte sequence
// (ED A0..BF xx). Rewrites pairs as the one character they encode; false for a lone surrogate.
bool combineSurrogates(std::string_view text, std::string& out) {
  auto surrogateAt = [&](size_t i) -> uint32_t {
    if (i + 3 > text.size()) return 0;
    const auto b0 = static_cast<unsigned char>(text[i]);
    const auto b1 = static_cast<unsigned char>(text[i + 1]);
    const auto b2 = static_cast<unsigned char>(text[i + 2]);
    if (b0 != 0xED || b1 < 0xA0) return 0;
    return 0xD000 | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
  };
  for (size_t i = 0; i < text.size();) {
    const uint32_t high = surrogateAt(i);
    if (high == 0) {
      out += text[i++];
      continue;
    }
    const uint32_t low = high <= 0xDBFF ? surrogateAt(i + 3) : 0;
    if (low < 0xDC00) return false;
    appendUtf8(out, 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00));
    i += 6;
  }
  return true;
}

bool mayHoldSurrogates(std::string_view text) {
  return std::memchr(text.data(), 0xED, text.size()) != nullptr;
}

class SerdSession {
 public:
  SerdSession(io::InputSource& input, RdfFormat format, std::string_view baseIri,
              const std::string& fileName, StatementSink& sink)
      : feeder_(input), format_(format), base_(baseIri), fileName_(fileName), sink_(sink) {}
  ~SerdSession() { freeReader(); }

  Status run() {
    if (!base_.empty() && !hasIriScheme(base_)) {
      return Status::invalidArgument("base IRI <" + base_ + "> is not absolute");
    }
    newReader();
    if (format_ == RdfFormat::kNQuads) return runWholeDocument();
    startStream();
    for (;;) {
      issue_.reset();
      const SerdStatus st = serd_reader_read_chunk(reader_);
      if (!feeder_.status().isOk()) return feeder_.status();
      bool aborted = st > SERD_FAILURE;
      bool atEnd = st == SERD_FAILURE;
      if (atEnd && !feeder_.atEnd()) {
        // serd takes a NUL byte for the end of the input.
        if (!issue_) {
          issue_ = feeder_.sawNul() ? SyntaxIssue{fileName_, feeder_.nulLine(), feeder_.nulColumn(),
                                                  "NUL character in the input"}
                                    : issueHere("parsing stopped before the end of the input");
        }
        aborted = true;
        atEnd = false;
      }
      if (!aborted && !issue_) {
        flush();
        if (atEnd) return Status::ok();
        continue;
      }
      dropBuffered();
      if (!issue_) issue_ = issueHere("syntax error");
      if (!sink_.syntaxError(*issue_)) return Status::invalidArgument(formatSyntaxIssue(*issue_));
      if (atEnd) return Status::ok();
      if (aborted) {
        // serd keeps the remains of the broken statement on its stack: start a fresh reader.
        feeder_.skipToStatementEnd();
        freeReader();
        ++generation_;
        newReader();
        startStream();
      }
    }
  }

 private:
  // serd 0.30 reads N-Quads only as a whole document (its chunked reader treats them as
  // N-Triples), so there is no resuming after an error.
  Status runWholeDocument() {
    const SerdStatus st =
        serd_reader_read_source(reader_, &SerdSession::readBytes, &SerdSession::streamError,
                                &feeder_, reinterpret_cast<const uint8_t*>(fileName_.c_str()), 1);
    if (!feeder_.status().isOk()) return feeder_.status();
    if (st <= SERD_FAILURE && !issue_ && feeder_.atEnd()) {
      flush();
      return Status::ok();
    }
    dropBuffered();
    if (!issue_) issue_ = issueHere("syntax error");
    if (!sink_.syntaxError(*issue_)) return Status::invalidArgument(formatSyntaxIssue(*issue_));
    return Status::invalidArgument(formatSyntaxIssue(*issue_) +
                                   " (N-Quads read through serd cannot resume after an error)");
  }

  void newReader() {
    reader_ = serd_reader_new(serdSyntax(format_), this, nullptr, &SerdSession::onBase,
                              &SerdSession::onPrefix, &SerdSession::onStatement, nullptr);
    CAIRN_CHECK(reader_ != nullptr, "serd_reader_new failed");
    serd_reader_set_strict(reader_, true);
    serd_reader_set_error_sink(reader_, &SerdSession::onError, this);
  }

  void startStream() {
    // Page size 1: serd asks for each byte as it needs it, so the feeder knows serd's position.
    serd_reader_start_source_stream(reader_, &SerdSession::readBytes, &SerdSession::streamError,
                                    &feeder_, reinterpret_cast<const uint8_t*>(fileName_.c_str()),
                                    1);
  }

  void freeReader() {
    if (reader_ == nullptr) return;
    serd_reader_end_stream(reader_);
    serd_reader_free(reader_);
    reader_ = nullptr;
  }

  SyntaxIssue issueHere(std::string message) const {
    return {fileName_, feeder_.line(), feeder_.column(), std::move(message)};
  }

  // Records the first error of the current statement (later ones are usually consequences).
  void report(std::string message) {
    if (!issue_) issue_ = issueHere(std::move(message));
  }

  // The node's text with escaped surrogate pairs combined; false (reported) for a lone one.
  bool text(const SerdNode* node, std::string_view& out) {
    out = nodeText(node);
    if (!mayHoldSurrogates(out)) return true;
    surrogateScratch_.clear();
    if (!combineSurrogates(out, surrogateScratch_)) {
      report("escape encodes an unpaired UTF-16 surrogate");
      return false;
    }
    out = surrogateScratch_;
    return true;
  }

  Span appendResolved(std::string_view reference, bool& ok) {
    const size_t start = arena_.size();
    if (hasIriScheme(reference)) {
      arena_ += reference;
    } else if (base_.empty()) {
      report("relative IRI <" + std::string(reference) + "> and no base IRI");
      ok = false;
    } else {
      resolveIriInto(base_, reference, arena_);
    }
    return {start, arena_.size() - start};
  }

  bool appendIri(const SerdNode* node, Span& out) {
    std::string_view value;
    if (!text(node, value)) return false;
    bool ok = true;
    out = appendResolved(value, ok);
    return ok;
  }

  bool appendPrefixedName(const SerdNode* node, Span& out) {
    const std::string_view name = nodeText(node);
    const size_t colon = name.find(':');
    if (colon == std::string_view::npos) {
      report("invalid prefixed name \"" + std::string(name) + "\"");
      return false;
    }
    const auto it = prefixes_.find(name.substr(0, colon));
    if (it == prefixes_.end()) {
      // serd hands statements over after reading them: point at the name, not past it.
      SyntaxIssue issue =
          issueHere("undefined prefix \"" + std::string(name.substr(0, colon + 1)) + "\"");
      feeder_.findRecentName(name, issue.line, issue.column);
      if (!issue_) issue_ = std::move(issue);
      return false;
    }
    const size_t start = arena_.size();
    arena_ += it->second;
    arena_ += name.substr(colon + 1);
    out = {start, arena_.size() - start};
    return true;
  }

  void appendBlank(const SerdNode* node, Span& out) {
    const std::string_view label = nodeText(node);
    const size_t start = arena_.size();
    if (!label.empty() && label[0] == TurtleFeeder::kDocumentLabelMark) {
      const std::string_view written = label.substr(1);
      if (!written.empty() && written[0] == '_') arena_ += '_';
      arena_ += written;
    } else if (!label.empty() && label[0] == 'b') {
      arena_ += "_g";
      arena_ += std::to_string(generation_);
      arena_ += '_';
      arena_ += label.substr(1);
    } else {
      // Not reachable for valid documents (the feeder marks every label); keep the text.
      if (!label.empty() && label[0] == '_') arena_ += '_';
      arena_ += label;
    }
    out = {start, arena_.size() - start};
  }

  bool convert(const SerdNode* node, BufferedTerm& term) {
    switch (node->type) {
      case SERD_URI:
        term.kind = TermKind::kIri;
        return appendIri(node, term.value);
      case SERD_CURIE:
        term.kind = TermKind::kIri;
        return appendPrefixedName(node, term.value);
      case SERD_BLANK:
        term.kind = TermKind::kBlank;
        appendBlank(node, term.value);
        return true;
      case SERD_LITERAL: {
        term.kind = TermKind::kLiteral;
        std::string_view value;
        if (!text(node, value)) return false;
        term.value = {arena_.size(), value.size()};
        arena_ += value;
        return true;
      }
      case SERD_NOTHING:
        break;
    }
    report("unexpected node from serd");
    return false;
  }

  bool convertDatatype(const SerdNode* node, Span& out) {
    if (node->type == SERD_CURIE) return appendPrefixedName(node, out);
    return appendIri(node, out);
  }

  SerdStatus statement(const SerdNode* graph, const SerdNode* s, const SerdNode* p,
                       const SerdNode* o, const SerdNode* datatype, const SerdNode* lang) {
    if (graph != nullptr && format_ == RdfFormat::kTurtle) {
      report("graph blocks are TriG, not Turtle");
      return SERD_ERR_BAD_SYNTAX;
    }
    BufferedStatement st;
    if (!convert(s, st.subject) || !convert(p, st.predicate) || !convert(o, st.object)) {
      return SERD_ERR_BAD_SYNTAX;
    }
    if (datatype != nullptr && !convertDatatype(datatype, st.object.datatype)) {
      return SERD_ERR_BAD_SYNTAX;
    }
    if (lang != nullptr) {
      st.object.language = {arena_.size(), lang->n_bytes};
      arena_ += nodeText(lang);
    }
    if (graph != nullptr) {
      if (!convert(graph, st.graph)) return SERD_ERR_BAD_SYNTAX;
      st.hasGraph = true;
    }
    buffered_.push_back(st);
    if (buffered_.size() >= kMaxBufferedStatements) flush();
    return SERD_SUCCESS;
  }

  SerdStatus setBase(const SerdNode* uri) {
    std::string_view reference;
    if (!text(uri, reference)) return SERD_ERR_BAD_SYNTAX;
    bool ok = true;
    const Span span = appendResolved(reference, ok);
    if (!ok) return SERD_ERR_BAD_SYNTAX;
    base_.assign(arena_, span.offset, span.size);
    arena_.resize(span.offset);
    return SERD_SUCCESS;
  }

  SerdStatus setPrefix(const SerdNode* name, const SerdNode* uri) {
    std::string_view reference;
    if (!text(uri, reference)) return SERD_ERR_BAD_SYNTAX;
    bool ok = true;
    const Span span = appendResolved(reference, ok);
    if (!ok) return SERD_ERR_BAD_SYNTAX;
    std::string& ns = prefixes_[std::string(nodeText(name))];
    ns = arena_.substr(span.offset, span.size);
    arena_.resize(span.offset);
    sink_.prefix(nodeText(name), ns);
    return SERD_SUCCESS;
  }

  void flush() {
    for (const BufferedStatement& b : buffered_) {
      StatementView st{view(b.subject), view(b.predicate), view(b.object), std::nullopt};
      if (b.hasGraph) st.graph = view(b.graph);
      sink_.statement(st);
    }
    dropBuffered();
  }

  void dropBuffered() {
    buffered_.clear();
    arena_.clear();
  }

  std::string_view view(const Span& span) const {
    return std::string_view(arena_).substr(span.offset, span.size);
  }
  TermView view(const BufferedTerm& term) const {
    return {term.kind, view(term.value), view(term.datatype), view(term.language)};
  }

  // serd callbacks; `handle` is the session.
  static SerdStatus onBase(void* handle, const SerdNode* uri) {
    return static_cast<SerdSession*>(handle)->setBase(uri);
  }
  static SerdStatus onPrefix(void* handle, const SerdNode* name, const SerdNode* uri) {
    return static_cast<SerdSession*>(handle)->setPrefix(name, uri);
  }
  static SerdStatus onStatement(void* handle, SerdStatementFlags /*flags*/, const SerdNode* graph,
                                const SerdNode* s, const SerdNode* p, const SerdNode* o,
                                const SerdNode* datatype, const SerdNode* lang) {
    return static_cast<SerdSession*>(handle)->statement(graph, s, p, o, datatype, lang);
  }
  static SerdStatus onError(void* handle, const SerdError* error) {
    char message[512];
    va_list args;
    va_copy(args, *error->args);
    std::vsnprintf(message, sizeof message, error->fmt, args);
    va_end(args);
    std::string_view text(message);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
    static_cast<SerdSession*>(handle)->report(std::string(text));
    return SERD_SUCCESS;
  }
  static size_t readBytes(void* buffer, size_t size, size_t count, void* stream) {
    return static_cast<TurtleFeeder*>(stream)->read(static_cast<char*>(buffer), size * count);
  }
  static int streamError(void* stream) {
    return static_cast<TurtleFeeder*>(stream)->status().isOk() ? 0 : 1;
  }

  TurtleFeeder feeder_;
  const RdfFormat format_;
  std::string base_;
  const std::string& fileName_;
  StatementSink& sink_;
  SerdReader* reader_ = nullptr;
  uint64_t generation_ = 0;
  std::unordered_map<std::string, std::string, StringHash, std::equal_to<>> prefixes_;
  std::optional<SyntaxIssue> issue_;
  std::vector<BufferedStatement> buffered_;
  std::string arena_;
  std::string surrogateScratch_;
};

}  // namespace

Status parseWithSerd(io::InputSource& input, RdfFormat format, std::string_view baseIri,
                     const std::string& fileName, StatementSink& sink) {
  // On the heap: the session holds the feeder's 64 KiB input buffer.
  auto session = std::make_unique<SerdSession>(input, format, baseIri, fileName, sink);
  return session->run();
}

}  // namespace cairn::core::rdf
