#include "index/commit/commit_record.h"

#include <zstd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <unordered_set>

#include "core/object_type.h"
#include "core/xsd_calendar.h"
#include "index/dictionary/byte_codec.h"

namespace cairn::index {

namespace {

using core::Status;

constexpr std::string_view kMagic = "CCMT";
constexpr uint16_t kVersion = CommitRecord::kFormatVersion;

enum class BodyCodec : uint8_t { kRaw = 0, kZstd = 1 };
// Bodies up to this size stay raw: a zstd frame's overhead eats what it would save.
constexpr size_t kCompressAbove = 512;
constexpr int kZstdLevel = 3;
// The encoder's zstd window (level 3's own choice for large inputs, pinned) and the most a reader
// accepts, so a forged frame cannot make the decoder reserve a large window.
constexpr int kZstdWindowLog = 21;

// A flake's first byte. Bits 1-3 hold k, the first key column (g, s, p, ot, ok, i) in which the
// flake differs from the previous one; bits 4-7 say which later columns repeat (or are 0, for i).
constexpr uint8_t kAssertBit = 0x01;
constexpr int kFirstChangeShift = 1;
constexpr uint8_t kFirstChangeMask = 0x07;
constexpr uint8_t kSamePBit = 0x10;
constexpr uint8_t kSameOtBit = 0x20;
constexpr uint8_t kSameOkBit = 0x40;
constexpr uint8_t kZeroIBit = 0x80;
// Key columns, as indices into a FlakeKey.
constexpr int kG = 0;
constexpr int kS = 1;
constexpr int kP = 2;
constexpr int kOt = 3;
constexpr int kOk = 4;
constexpr int kI = 5;
constexpr int kKeyColumns = 6;
using FlakeKey = std::array<uint64_t, kKeyColumns>;

// The fewest body bytes one entry of each list can take, to bound counts by the bytes left.
constexpr size_t kMinTermBytes = 2;   // id gap + text length
constexpr size_t kMinCodeBytes = 1;   // text length
constexpr size_t kMinFlakeBytes = 2;  // flags + the delta of the first changed column
// Entries reserved before any is decoded. A count the bytes could hold may still be a lie (a
// 64-byte Flake per 2 bytes of garbage): beyond this, lists grow with what actually decodes.
constexpr uint64_t kReserveAhead = uint64_t{1} << 16;

FlakeKey keyOf(const Flake& f) {
  return {f.g, f.row.s, f.row.p, uint64_t{f.row.ot}, f.row.ok, f.row.i};
}

bool sameFact(const Flake& a, const Flake& b) {
  return a.g == b.g && a.row.s == b.row.s && a.row.p == b.row.p && a.row.ot == b.row.ot &&
         a.row.ok == b.row.ok && a.row.i == b.row.i;
}

// (g, s, p, ot, ok, i) order, written out: sorting is most of the encoder's work.
bool factLess(const Flake& a, const Flake& b) {
  if (a.g != b.g) return a.g < b.g;
  if (a.row.s != b.row.s) return a.row.s < b.row.s;
  if (a.row.p != b.row.p) return a.row.p < b.row.p;
  if (a.row.ot != b.row.ot) return a.row.ot < b.row.ot;
  if (a.row.ok != b.row.ok) return a.row.ok < b.row.ok;
  return a.row.i < b.row.i;
}

// --- validation -------------------------------------------------------------------------------

bool isDigit(char c) { return c >= '0' && c <= '9'; }

unsigned digits(std::string_view s, size_t pos, size_t n) {
  unsigned v = 0;
  for (size_t i = pos; i < pos + n; ++i) v = v * 10 + static_cast<unsigned>(s[i] - '0');
  return v;
}

constexpr int64_t kMillisPerMinute = 60'000;
constexpr int64_t kMillisPerHour = 3'600'000;
// 9999-12-31T23:59:59.999Z, the last time four year digits can write.
constexpr uint64_t kMaxTimeMillis =
    (core::xsd::daysFromCivil(9999, 12, 31) + 1) * core::xsd::kMillisPerDay - 1;

// Milliseconds since 1970-01-01T00:00:00.000Z of a YYYY-MM-DDTHH:MM:SS.mmmZ time (a real
// calendar date, not before 1970), or nullopt. The record stores this number; timeText inverts it.
std::optional<uint64_t> timeMillis(std::string_view s) {
  constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:dd.dddZ";
  if (s.size() != kShape.size()) return std::nullopt;
  for (size_t i = 0; i < s.size(); ++i) {
    if (kShape[i] == 'd' ? !isDigit(s[i]) : s[i] != kShape[i]) return std::nullopt;
  }
  const unsigned year = digits(s, 0, 4);
  const unsigned month = digits(s, 5, 2);
  const unsigned day = digits(s, 8, 2);
  const unsigned hour = digits(s, 11, 2);
  const unsigned minute = digits(s, 14, 2);
  const unsigned second = digits(s, 17, 2);
  if (year < 1970 || month < 1 || month > 12 || day < 1 ||
      day > core::xsd::daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    return std::nullopt;
  }
  return static_cast<uint64_t>(
      core::xsd::daysFromCivil(year, month, day) * core::xsd::kMillisPerDay +
      hour * kMillisPerHour + minute * kMillisPerMinute + second * 1000 + digits(s, 20, 3));
}

// The time text of `millis` (at most kMaxTimeMillis).
std::string timeText(uint64_t millis) {
  const auto ms = static_cast<int64_t>(millis);
  const core::xsd::CivilDate date = core::xsd::civilFromDays(ms / core::xsd::kMillisPerDay);
  const int64_t inDay = ms % core::xsd::kMillisPerDay;
  char text[64];  // room for any int fields, so GCC sees no truncation
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ",
                static_cast<int>(date.year), date.month, date.day,
                static_cast<int>(inDay / kMillisPerHour),
                static_cast<int>(inDay % kMillisPerHour / kMillisPerMinute),
                static_cast<int>(inDay % kMillisPerMinute / 1000), static_cast<int>(inDay % 1000));
  return text;
}

bool isObjectType(core::ObjectType ot) {
  if (core::isNode(ot) || ot == core::otype::kString) return true;
  if (core::isInline(ot) || core::isLexicalBuiltin(ot)) {
    return !core::datatypeOfBuiltin(ot).empty();
  }
  if (core::isLangString(ot)) return core::languageCodeOf(ot) != 0;
  if (core::isOtherDatatype(ot)) return core::datatypeCodeOf(ot) != 0;
  return false;
}

std::optional<std::string> termListViolation(const std::vector<NewTerm>& terms,
                                             std::string_view kind, bool iris) {
  if (terms.size() > kMaxCommitEntries) return std::string(kind) + ": too many entries";
  std::unordered_set<std::string_view> seen;
  seen.reserve(terms.size());
  uint64_t previous = 0;
  for (size_t n = 0; n < terms.size(); ++n) {
    const NewTerm& term = terms[n];
    const auto bad = [&](std::string_view what) {
      return std::string(kind) + " entry " + std::to_string(n) + ": " + std::string(what);
    };
    if (term.id <= previous) return bad("ids are not increasing from 1");
    if (iris && core::isBlankNode(term.id)) return bad("id has the blank-node bit");
    if (iris && term.text.empty()) return bad("empty IRI");
    if (!seen.insert(term.text).second) return bad("duplicate text");
    previous = term.id;
  }
  return std::nullopt;
}

std::optional<std::string> codeListViolation(const std::vector<std::string>& texts,
                                             std::string_view kind, uint64_t maxCount) {
  if (texts.size() > maxCount) return std::string(kind) + ": more than the code table holds";
  std::unordered_set<std::string_view> seen;
  for (size_t n = 0; n < texts.size(); ++n) {
    const auto bad = [&](std::string_view what) {
      return std::string(kind) + " entry " + std::to_string(n) + ": " + std::string(what);
    };
    if (texts[n].empty()) return bad("empty");
    if (!seen.insert(texts[n]).second) return bad("duplicate");
  }
  return std::nullopt;
}

std::optional<std::string> flakeViolation(const Flake& f, const CommitRecord& record) {
  const auto isNode = [&](uint64_t id) {
    if (!core::isBlankNode(id)) return id != 0;
    const uint64_t ordinal = id & ~core::kBlankNodeBit;
    return ordinal >= 1 && ordinal <= record.blankNodes;
  };
  const IndexRow& r = f.row;
  if (r.t != record.t) return "t is " + std::to_string(r.t);
  if (f.g != core::kNoNode && !isNode(f.g)) return "g is not a node or an allocated blank node";
  if (!isNode(r.s)) return "s is not a node or an allocated blank node";
  if (r.p == 0 || core::isBlankNode(r.p)) return "p is not an IRI id";
  if (!isObjectType(r.ot)) return "unknown object type " + std::to_string(r.ot);
  if (r.ot == core::otype::kIri && (r.ok == 0 || core::isBlankNode(r.ok))) {
    return "IRI object is not an IRI id";
  }
  if (r.ot == core::otype::kBlank && !(core::isBlankNode(r.ok) && isNode(r.ok))) {
    return "blank object is not an allocated blank node";
  }
  if (core::keyIsString(r.ot) && r.ok == 0) return "string object has id 0";
  return std::nullopt;
}

// `flakes` stands for record.flakes (the encoder passes a sorted copy).
std::optional<std::string> findViolation(const CommitRecord& record,
                                         std::span<const Flake> flakes) {
  if (record.t == 0) return "t is 0";
  if (record.baseT >= record.t) return "base t is not below t";
  if (!timeMillis(record.time)) return "time is not YYYY-MM-DDTHH:MM:SS.mmmZ from 1970 on";
  if (core::isBlankNode(record.blankNodes)) return "blank-node counter out of range";
  if (auto v = termListViolation(record.iris, "iris", /*iris=*/true)) return v;
  if (auto v = termListViolation(record.strings, "strings", /*iris=*/false)) return v;
  if (auto v = codeListViolation(record.languages, "languages", core::otype::kMaxLanguageCode)) {
    return v;
  }
  if (auto v = codeListViolation(record.datatypes, "datatypes", core::otype::kMaxDatatypeCode)) {
    return v;
  }
  if (flakes.size() > kMaxCommitEntries) return "too many flakes";
  for (size_t n = 0; n < flakes.size(); ++n) {
    if (auto v = flakeViolation(flakes[n], record)) {
      return "flake " + std::to_string(n) + ": " + *v;
    }
  }
  // At most one flake per fact. Decoded and encoded flakes are already in order.
  if (std::is_sorted(flakes.begin(), flakes.end(), factLess)) {
    for (size_t n = 1; n < flakes.size(); ++n) {
      if (sameFact(flakes[n - 1], flakes[n])) return "two flakes for one fact";
    }
    return std::nullopt;
  }
  std::vector<const Flake*> sorted;
  sorted.reserve(flakes.size());
  for (const Flake& f : flakes) sorted.push_back(&f);
  std::sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) { return factLess(*a, *b); });
  for (size_t n = 1; n < sorted.size(); ++n) {
    if (sameFact(*sorted[n - 1], *sorted[n])) return "two flakes for one fact";
  }
  return std::nullopt;
}

// --- zstd ---------------------------------------------------------------------------------------

struct ZstdContexts {
  std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> compress{ZSTD_createCCtx(), ZSTD_freeCCtx};
  std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> decompress{ZSTD_createDCtx(), ZSTD_freeDCtx};
};

// One pair per thread: a context costs allocations that a commit should not pay each time.
ZstdContexts& zstdContexts() {
  thread_local ZstdContexts contexts;
  CAIRN_CHECK(contexts.compress && contexts.decompress, "zstd context allocation failed");
  return contexts;
}

// A zstd frame of `body` with its content size and a checksum, or nullopt if that does not save
// an eighth of the bytes.
std::optional<std::string> compressBody(std::string_view body) {
  ZSTD_CCtx* ctx = zstdContexts().compress.get();
  ZSTD_CCtx_reset(ctx, ZSTD_reset_session_and_parameters);
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_compressionLevel, kZstdLevel);
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_windowLog, kZstdWindowLog);
  ZSTD_CCtx_setParameter(ctx, ZSTD_c_checksumFlag, 1);
  std::string frame(ZSTD_compressBound(body.size()), '\0');
  const size_t n = ZSTD_compress2(ctx, frame.data(), frame.size(), body.data(), body.size());
  CAIRN_CHECK(!ZSTD_isError(n), "zstd compression failed");
  if (n > body.size() - body.size() / 8) return std::nullopt;
  frame.resize(n);
  return frame;
}

// --- encoding -----------------------------------------------------------------------------------

void putTerms(std::string& out, const std::vector<NewTerm>& terms) {
  bytes::putVarint(out, terms.size());
  uint64_t previous = 0;
  for (const NewTerm& term : terms) {
    bytes::putVarint(out, term.id - previous - 1);
    bytes::putLengthPrefixed(out, term.text);
    previous = term.id;
  }
}

void putTexts(std::string& out, const std::vector<std::string>& texts) {
  bytes::putVarint(out, texts.size());
  for (const std::string& text : texts) bytes::putLengthPrefixed(out, text);
}

// `flakes` in commitFlakeLess order.
void putFlakes(std::string& out, const std::vector<Flake>& flakes) {
  bytes::putVarint(out, flakes.size());
  FlakeKey previous{};
  for (const Flake& flake : flakes) {
    const FlakeKey key = keyOf(flake);
    int k = 0;
    while (k < kKeyColumns && key[k] == previous[k]) ++k;
    CAIRN_CHECK(k < kKeyColumns, "duplicate fact in a validated commit");
    uint8_t flags = (flake.assert ? kAssertBit : 0) | static_cast<uint8_t>(k << kFirstChangeShift);
    if (k < kP && key[kP] == previous[kP]) flags |= kSamePBit;
    if (k < kOt && key[kOt] == previous[kOt]) flags |= kSameOtBit;
    if (k < kOk && key[kOk] == previous[kOk]) flags |= kSameOkBit;
    if (k < kI && key[kI] == 0) flags |= kZeroIBit;
    out.push_back(static_cast<char>(flags));
    bytes::putVarint(out, key[k] - previous[k] - 1);
    if (k < kS) bytes::putVarint(out, key[kS]);
    if (k < kP && !(flags & kSamePBit)) bytes::putVarint(out, key[kP]);
    if (k < kOt && !(flags & kSameOtBit)) bytes::putVarint(out, key[kOt]);
    if (k < kOk && !(flags & kSameOkBit)) bytes::putVarint(out, key[kOk]);
    if (k < kI && !(flags & kZeroIBit)) bytes::putVarint(out, key[kI]);
    previous = key;
  }
}

// --- decoding -----------------------------------------------------------------------------------

class Decoder {
 public:
  Decoder(std::string_view blob, std::string_view blobName) : blob_(blob), name_(blobName) {}

  // The header, up to the body: magic, version, t, previous, codec and body size.
  Status decodeHeader(bytes::ByteReader& in, CommitHeader& header, uint8_t& codec,
                      uint64_t& bodySize) const {
    std::string_view magic;
    uint16_t version = 0;
    if (!in.readBytes(kMagic.size(), magic) || magic != kMagic) return fail("bad magic");
    if (!in.readFixed16(version)) return fail("truncated header");
    if (version != kVersion) return fail("unsupported version " + std::to_string(version));
    std::string_view previous;
    if (!varint(in, header.t) || !in.readBytes(header.previous.bytes.size(), previous) ||
        !in.readByte(codec) || !varint(in, bodySize)) {
      return fail("truncated or malformed header");
    }
    std::copy(previous.begin(), previous.end(),
              reinterpret_cast<char*>(header.previous.bytes.data()));
    if (bodySize > kMaxCommitBodyBytes) return fail("body size out of range");
    return Status::ok();
  }

  core::Result<CommitHeader> decodeHeaderOnly() const {
    bytes::ByteReader in(blob_);
    CommitHeader header;
    uint8_t codec = 0;
    uint64_t bodySize = 0;
    CAIRN_RETURN_IF_ERROR(decodeHeader(in, header, codec, bodySize));
    if (header.t == 0) return fail("t is 0");
    if (codec != static_cast<uint8_t>(BodyCodec::kRaw) &&
        codec != static_cast<uint8_t>(BodyCodec::kZstd)) {
      return fail("unknown body codec " + std::to_string(codec));
    }
    return header;
  }

  core::Result<CommitRecord> decode() {
    CommitRecord record;
    bytes::ByteReader in(blob_);
    CommitHeader header;
    uint8_t codec = 0;
    uint64_t bodySize = 0;
    CAIRN_RETURN_IF_ERROR(decodeHeader(in, header, codec, bodySize));
    record.t = header.t;
    record.previous = header.previous;

    std::string inflated;
    std::string_view body = in.rest();
    switch (static_cast<BodyCodec>(codec)) {
      case BodyCodec::kRaw:
        if (body.size() != bodySize) {
          return fail("raw body has " + std::to_string(body.size()) + " bytes, header says " +
                      std::to_string(bodySize));
        }
        break;
      case BodyCodec::kZstd:
        CAIRN_RETURN_IF_ERROR(inflate(body, bodySize, inflated));
        body = inflated;
        break;
      default:
        return fail("unknown body codec " + std::to_string(codec));
    }
    CAIRN_RETURN_IF_ERROR(decodeBody(body, record));
    if (auto violation = findViolation(record, record.flakes)) return fail(*violation);
    return record;
  }

 private:
  Status fail(const std::string& what) const {
    return Status::corruption("commit blob " + std::string(name_) + ": " + what);
  }

  // A varint in its shortest form: any other form would decode to a record whose encoding is
  // different bytes.
  static bool varint(bytes::ByteReader& in, uint64_t& v) {
    const size_t before = in.remaining();
    return in.readVarint(v) && before - in.remaining() == bytes::varintSize(v);
  }

  // A shortest-form varint length, then that many bytes.
  static bool lengthPrefixed(bytes::ByteReader& in, std::string_view& out) {
    uint64_t n = 0;
    return varint(in, n) && in.readBytes(n, out);
  }

  // Reads a count of entries taking at least `minBytes` each; fails if the bytes left cannot
  // hold them, so no forged count reaches an allocation.
  Status count(bytes::ByteReader& in, size_t minBytes, std::string_view what, uint64_t& n) const {
    if (!varint(in, n)) return fail("truncated " + std::string(what) + " count");
    if (n > kMaxCommitEntries || n > in.remaining() / minBytes) {
      return fail(std::string(what) + " count " + std::to_string(n) + " exceeds the " +
                  std::to_string(in.remaining()) + " bytes left");
    }
    return Status::ok();
  }

  // Decompresses one zstd frame of exactly `size` bytes that ends the blob. The output grows
  // with what the frame actually yields, not with the sizes it claims.
  Status inflate(std::string_view frame, uint64_t size, std::string& out) const {
    if (ZSTD_getFrameContentSize(frame.data(), frame.size()) != size) {
      return fail("zstd frame does not hold " + std::to_string(size) + " bytes");
    }
    ZSTD_DCtx* ctx = zstdContexts().decompress.get();
    ZSTD_DCtx_reset(ctx, ZSTD_reset_session_and_parameters);
    ZSTD_DCtx_setParameter(ctx, ZSTD_d_windowLogMax, kZstdWindowLog);
    constexpr size_t kFirstChunk = size_t{64} << 10;
    out.resize(std::min<uint64_t>(size, kFirstChunk));
    ZSTD_inBuffer input{frame.data(), frame.size(), 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    while (true) {
      const size_t inBefore = input.pos;
      const size_t outBefore = output.pos;
      const size_t result = ZSTD_decompressStream(ctx, &output, &input);
      if (ZSTD_isError(result)) {
        return fail(std::string("zstd body does not decode: ") + ZSTD_getErrorName(result));
      }
      if (result == 0) break;  // the frame is complete
      if (output.pos == output.size) {
        if (out.size() == size) return fail("zstd body decodes to more bytes than announced");
        out.resize(std::min<uint64_t>(size, 2 * out.size()));
        output.dst = out.data();
        output.size = out.size();
      } else if (input.pos == input.size || (input.pos == inBefore && output.pos == outBefore)) {
        return fail("zstd body is truncated");
      }
    }
    if (input.pos != input.size) return fail("bytes after the zstd frame");
    if (output.pos != size) {
      return fail("zstd body decodes to " + std::to_string(output.pos) + " bytes, header says " +
                  std::to_string(size));
    }
    return Status::ok();
  }

  Status decodeBody(std::string_view body, CommitRecord& record) const {
    bytes::ByteReader in(body);
    uint64_t millis = 0;
    if (!varint(in, record.baseT) || !varint(in, millis) || !varint(in, record.blankNodes)) {
      return fail("truncated body header");
    }
    if (millis > kMaxTimeMillis) return fail("time out of range");
    record.time = timeText(millis);
    CAIRN_RETURN_IF_ERROR(terms(in, "iris", record.iris));
    CAIRN_RETURN_IF_ERROR(terms(in, "strings", record.strings));
    CAIRN_RETURN_IF_ERROR(texts(in, "languages", record.languages));
    CAIRN_RETURN_IF_ERROR(texts(in, "datatypes", record.datatypes));
    std::string_view message;
    if (!lengthPrefixed(in, message)) return fail("truncated message");
    record.message = message;
    CAIRN_RETURN_IF_ERROR(flakes(in, record));
    if (!in.atEnd()) return fail(std::to_string(in.remaining()) + " bytes after the flakes");
    return Status::ok();
  }

  Status terms(bytes::ByteReader& in, std::string_view what, std::vector<NewTerm>& out) const {
    uint64_t n = 0;
    CAIRN_RETURN_IF_ERROR(count(in, kMinTermBytes, what, n));
    out.reserve(std::min(n, kReserveAhead));
    uint64_t previous = 0;
    for (uint64_t k = 0; k < n; ++k) {
      uint64_t gap = 0;
      std::string_view text;
      if (!varint(in, gap) || !lengthPrefixed(in, text)) {
        return fail("truncated " + std::string(what) + " entry " + std::to_string(k));
      }
      if (gap >= UINT64_MAX - previous) {
        return fail(std::string(what) + " entry " + std::to_string(k) + ": id overflows");
      }
      previous += gap + 1;
      out.push_back({previous, std::string(text)});
    }
    return Status::ok();
  }

  Status texts(bytes::ByteReader& in, std::string_view what, std::vector<std::string>& out) const {
    uint64_t n = 0;
    CAIRN_RETURN_IF_ERROR(count(in, kMinCodeBytes, what, n));
    out.reserve(std::min(n, kReserveAhead));
    for (uint64_t k = 0; k < n; ++k) {
      std::string_view text;
      if (!lengthPrefixed(in, text)) {
        return fail("truncated " + std::string(what) + " entry " + std::to_string(k));
      }
      out.emplace_back(text);
    }
    return Status::ok();
  }

  Status flakes(bytes::ByteReader& in, CommitRecord& record) const {
    uint64_t n = 0;
    CAIRN_RETURN_IF_ERROR(count(in, kMinFlakeBytes, "flake", n));
    record.flakes.reserve(std::min(n, kReserveAhead));
    FlakeKey previous{};
    for (uint64_t k = 0; k < n; ++k) {
      const auto bad = [&](std::string_view what) {
        return fail("flake " + std::to_string(k) + ": " + std::string(what));
      };
      uint8_t flags = 0;
      if (!in.readByte(flags)) return bad("truncated");
      const int first = (flags >> kFirstChangeShift) & kFirstChangeMask;
      if (first >= kKeyColumns) return bad("bad flags");
      // A flag for a column at or before the first change says nothing; the encoder never sets it.
      if ((first >= kP && (flags & kSamePBit)) || (first >= kOt && (flags & kSameOtBit)) ||
          (first >= kOk && (flags & kSameOkBit)) || (first >= kI && (flags & kZeroIBit))) {
        return bad("bad flags");
      }
      FlakeKey key = previous;
      uint64_t delta = 0;
      if (!varint(in, delta)) return bad("truncated");
      if (delta >= UINT64_MAX - previous[first]) return bad("key overflows");
      key[first] = previous[first] + delta + 1;
      // A later column is either flagged as repeating or written in full, and then must differ
      // (else the flag was the one form the encoder would write).
      const auto column = [&](int c, uint8_t sameBit, uint64_t same) {
        if (c <= first) return true;
        if (sameBit != 0 && (flags & sameBit)) {
          key[c] = same;
          return true;
        }
        return varint(in, key[c]) && (sameBit == 0 || key[c] != same);
      };
      if (!column(kS, 0, 0) || !column(kP, kSamePBit, previous[kP]) ||
          !column(kOt, kSameOtBit, previous[kOt]) || !column(kOk, kSameOkBit, previous[kOk]) ||
          !column(kI, kZeroIBit, 0)) {
        return bad("truncated or not in canonical form");
      }
      if (key[kOt] > UINT16_MAX) return bad("object type out of range");
      Flake& flake = record.flakes.emplace_back();
      flake.g = key[kG];
      flake.row = {.s = key[kS],
                   .p = key[kP],
                   .ok = key[kOk],
                   .i = key[kI],
                   .t = record.t,
                   .ot = static_cast<core::ObjectType>(key[kOt])};
      flake.assert = (flags & kAssertBit) != 0;
      previous = key;
    }
    return Status::ok();
  }

  std::string_view blob_;
  std::string_view name_;
};

}  // namespace

bool commitFlakeLess(const Flake& a, const Flake& b) {
  return sameFact(a, b) ? a.assert < b.assert : factLess(a, b);
}

core::Status validateCommitRecord(const CommitRecord& record) {
  if (auto violation = findViolation(record, record.flakes)) {
    return Status::invalidArgument("commit record: " + *violation);
  }
  return Status::ok();
}

std::string encodeCommitRecord(const CommitRecord& record) {
  std::vector<Flake> flakes = record.flakes;
  // A lambda, not the function pointer, so the comparison inlines.
  std::sort(flakes.begin(), flakes.end(),
            [](const Flake& a, const Flake& b) { return commitFlakeLess(a, b); });
  CAIRN_CHECK(!findViolation(record, flakes),
              "encodeCommitRecord: invalid record (see validateCommitRecord)");

  std::string body;
  bytes::putVarint(body, record.baseT);
  bytes::putVarint(body, *timeMillis(record.time));
  bytes::putVarint(body, record.blankNodes);
  putTerms(body, record.iris);
  putTerms(body, record.strings);
  putTexts(body, record.languages);
  putTexts(body, record.datatypes);
  bytes::putLengthPrefixed(body, record.message);
  putFlakes(body, flakes);
  CAIRN_CHECK(body.size() <= kMaxCommitBodyBytes, "commit record body exceeds the format limit");

  std::optional<std::string> frame;
  if (body.size() > kCompressAbove) frame = compressBody(body);
  std::string out;
  out.reserve(64 + (frame ? frame->size() : body.size()));
  out.append(kMagic);
  bytes::putFixed16(out, kVersion);
  bytes::putVarint(out, record.t);
  out.append(reinterpret_cast<const char*>(record.previous.bytes.data()),
             record.previous.bytes.size());
  out.push_back(static_cast<char>(frame ? BodyCodec::kZstd : BodyCodec::kRaw));
  bytes::putVarint(out, body.size());
  out.append(frame ? *frame : body);
  return out;
}

core::Result<CommitRecord> decodeCommitRecord(std::string_view blob, std::string_view blobName) {
  return Decoder(blob, blobName).decode();
}

core::Result<CommitHeader> decodeCommitHeader(std::string_view blob, std::string_view blobName) {
  return Decoder(blob, blobName).decodeHeaderOnly();
}

}  // namespace cairn::index
