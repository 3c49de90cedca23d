// libFuzzer target for the commit record decoder (docs/formats/commit.md): arbitrary bytes must
// either fail with Corruption naming the blob, or decode to a record that is valid, re-encodes,
// and decodes back to itself. A raw-coded record that the encoder would also write raw must be
// the encoder's exact bytes (the format has one spelling per record).
//
// Anything else is a finding: a crash, a sanitizer report, an allocation beyond libFuzzer's
// malloc limit (the decoder may only allocate in proportion to the bytes it holds), or a broken
// invariant below (checked with abort(), since the target may be built without asserts).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/status.h"
#include "index/commit/commit_record.h"
#include "index/dictionary/byte_codec.h"

namespace {

void check(bool condition) {
  if (!condition) std::abort();
}

constexpr std::string_view kName = "fuzz";

// The codec byte's offset: magic, version, t (shortest varint), previous id.
size_t codecOffset(uint64_t t) { return 4 + 2 + cairn::index::bytes::varintSize(t) + 32; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cairn::index;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  auto record = decodeCommitRecord(input, kName);
  if (!record.isOk()) {
    check(record.status().code() == cairn::core::StatusCode::kCorruption);
    check(record.status().message().starts_with("commit blob fuzz: "));
    return 0;
  }
  check(validateCommitRecord(*record).isOk());
  const std::string again = encodeCommitRecord(*record);
  auto back = decodeCommitRecord(again, kName);
  check(back.isOk() && *back == *record);
  const size_t codec = codecOffset(record->t);
  check(input.size() > codec && again.size() > codec);
  if (input[codec] == 0 && again[codec] == 0) check(input == again);
  return 0;
}
