#pragma once
// Column blobs: the layout history blocks and delta blocks share (docs/formats/history.md and
// delta.md, "Block blob") — a 16-byte header (magic, format version, permutation, reserved byte,
// u32 row count, reserved u32), one 20-byte column block record per stored column, then the
// stored column blocks back to back, in column order, ending the blob. Each column is a leaflet
// column block (index/leaflet/column_codec.h): constant columns are elided, the rest packed at
// the narrowest width and compressed where that pays.
//
// The blob kinds differ only in their columns and in what their rows must satisfy; this codec
// does the layout, and each kind converts rows to columns and checks its own rules.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "index/leaflet/blob_format.h"
#include "index/leaflet/column_codec.h"
#include "index/permutation.h"
#include "storage/content_id.h"

namespace cairn::index {

struct ColumnBlobFormat {
  std::string_view kind;  // names the blob in errors: "history block"
  BlobMagic magic{};
  uint16_t version = 0;
  std::span<const std::string_view> columns;  // the stored columns' names, in blob order
  uint32_t maxRows = 0;                       // readers refuse more
};

// Encodes `values` — column-major, columns.size() × rows (1 … maxRows) — into `blob`.
// `encoder` is scratch space.
void encodeColumnBlob(const ColumnBlobFormat& format, Permutation perm, uint32_t rows,
                      std::span<const uint64_t> values, ColumnEncoder& encoder, std::string& blob);

// Parses a blob of `format`: header (magic, version, permutation `perm`, reserved fields zero,
// row count equal to expectedRows), column records that tile the blob exactly, every column
// decodes. Returns the values column-major. Corruption names the blob (and the column).
core::Result<std::vector<uint64_t>> parseColumnBlob(const ColumnBlobFormat& format,
                                                    std::string_view blob,
                                                    const storage::ContentId& id, Permutation perm,
                                                    uint32_t expectedRows);

}  // namespace cairn::index
