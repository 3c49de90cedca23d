#pragma once
// CommitRecord: everything one transaction changed, as one content-addressed blob (layout in
// docs/formats/commit.md). The write path puts it in the BlobStore and makes it durable before
// answering the client; on start, the records after the last index root are decoded and replayed
// into the novelty overlay. A record carries the flakes and the dictionary and code-table entries
// the transaction created, so replaying it needs nothing that was not durable with it.
//
// Encoding is deterministic: flakes are written in one canonical order, so equal records give
// equal bytes (for a given zstd version) and so equal content ids. Decoding validates every field
// and every invariant below and turns any violation into a Corruption status naming the blob; it
// never reads out of bounds and allocates only in proportion to the bytes it actually holds.
//
// Thread-safety: free functions on values; safe to call concurrently.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/novelty/flake.h"
#include "storage/content_id.h"

namespace cairn::index {

// A dictionary entry added by a commit.
struct NewTerm {
  uint64_t id = 0;
  std::string text;

  bool operator==(const NewTerm&) const = default;
};

// The invariants validateCommitRecord checks (and the decoder enforces):
//   - t ≥ 1 and baseT < t; `time` is YYYY-MM-DDTHH:MM:SS.mmmZ, a valid UTC date and time from
//     1970 on (stored as milliseconds since 1970, so no other spelling survives a round trip).
//   - iris: ids strictly increasing, 1 … 2^63 - 1 (no blank-node bit); texts non-empty, distinct.
//   - strings: ids strictly increasing and ≥ 1; texts distinct (the empty lexical form is fine).
//   - languages / datatypes: non-empty, distinct, at most otype::kMaxLanguageCode /
//     kMaxDatatypeCode entries.
//   - blankNodes < 2^63; every blank node a flake names has an ordinal in 1 … blankNodes.
//   - flakes: row.t == t; g is the default graph (0) or a node; s a node; p an IRI id; ot a type
//     core/object_type.h defines (language and datatype codes ≥ 1); ok a node of that kind for
//     IRI and blank objects, a non-zero string id for string-keyed types, anything for inline
//     ones. At most one flake per fact (g, s, p, ot, ok, i): a commit states the net change, so
//     an assert and a retract of the same fact, or two equal flakes, are rejected.
//   - at most kMaxCommitEntries terms of each kind and flakes; the encoded body at most
//     kMaxCommitBodyBytes.
struct CommitRecord {
  static constexpr int kFormatVersion = 1;

  uint64_t t = 0;                // this commit's t (> previous commit's t)
  std::string time;              // ISO-8601 UTC with milliseconds: 2026-11-30T12:00:00.123Z
  storage::ContentId previous;   // the previous commit record (null for the ledger's first)
  uint64_t baseT = 0;            // t of the ledger's index root when committed (informational)
  std::vector<NewTerm> iris;     // IRI dictionary ids assigned by this commit (full IRI text)
  std::vector<NewTerm> strings;  // string dictionary ids assigned by this commit
  std::vector<std::string> languages;  // language tags appended to the code table, in code order
  std::vector<std::string> datatypes;  // datatype IRIs appended to the code table, in code order
  uint64_t blankNodes = 0;             // the ledger's blank-node ordinal counter after this commit
  std::vector<Flake> flakes;           // every flake has row.t == t; any order (encoding sorts)
  std::string message;  // optional free-form metadata, e.g. {"source":"sparql-update"}

  bool operator==(const CommitRecord&) const = default;
};

// Format limits: a record beyond them is rejected by validateCommitRecord and by the decoder
// (which bounds its memory by them). A transaction this large belongs in a bulk import.
inline constexpr uint64_t kMaxCommitEntries = uint64_t{1} << 24;    // per term kind, and flakes
inline constexpr uint64_t kMaxCommitBodyBytes = uint64_t{1} << 30;  // decoded body

// The canonical flake order of a record: (g, s, p, ot, ok, i), retracts before asserts.
bool commitFlakeLess(const Flake& a, const Flake& b);

// Ok, or InvalidArgument naming the first broken invariant (see CommitRecord).
core::Status validateCommitRecord(const CommitRecord& record);

// The record's bytes. The record must pass validateCommitRecord (a CAIRN_CHECK otherwise: the
// write path validates, or builds records that are valid by construction). Flakes are written in
// commitFlakeLess order whatever their order in `record`.
std::string encodeCommitRecord(const CommitRecord& record);

// Decodes and validates a record; flakes come back in commitFlakeLess order. `blobName` names
// the blob in errors (usually its ContentId::shortHex()): "commit blob <blobName>: <what>".
core::Result<CommitRecord> decodeCommitRecord(std::string_view bytes, std::string_view blobName);

// What precedes a record's body: enough to walk the chain of records without decompressing any.
struct CommitHeader {
  uint64_t t = 0;
  storage::ContentId previous;
};

// Decodes and checks the header only (magic, version, t >= 1, previous, a known codec, a body
// size within the limit); the body is not read. Errors as decodeCommitRecord.
core::Result<CommitHeader> decodeCommitHeader(std::string_view bytes, std::string_view blobName);

}  // namespace cairn::index
