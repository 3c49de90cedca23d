#include "index/leaflet/column_blob.h"

#include "core/check.h"
#include "index/leaflet/byte_io.h"
#include "index/leaflet/leaflet_entry.h"

namespace cairn::index {
namespace {

size_t headerSizeOf(const ColumnBlobFormat& format) {
  return 16 + format.columns.size() * kColumnBlockRecordSize;
}

}  // namespace

void encodeColumnBlob(const ColumnBlobFormat& format, Permutation perm, uint32_t rows,
                      std::span<const uint64_t> values, ColumnEncoder& encoder, std::string& blob) {
  const size_t columns = format.columns.size();
  CAIRN_CHECK(rows >= 1 && rows <= format.maxRows, "column blob row count out of range");
  CAIRN_CHECK(values.size() == columns * rows, "column blob values are not columns x rows");
  blob.clear();
  ByteWriter header(blob);
  header.raw(format.magic.data(), format.magic.size());
  header.u16(format.version);
  header.u8(static_cast<uint8_t>(perm));
  header.u8(0);  // reserved
  header.u32(rows);
  header.u32(0);                                   // reserved
  header.zeros(columns * kColumnBlockRecordSize);  // records, patched below
  CAIRN_CHECK(blob.size() == headerSizeOf(format), "column blob header drifted from format");

  std::vector<ColumnBlock> blocks(columns);
  for (size_t c = 0; c < columns; ++c)
    blocks[c] = encoder.encode(values.subspan(c * rows, rows), blob);
  std::string records;
  ByteWriter out(records);
  for (const ColumnBlock& block : blocks) writeColumnBlock(out, block);
  blob.replace(16, records.size(), records);
}

core::Result<std::vector<uint64_t>> parseColumnBlob(const ColumnBlobFormat& format,
                                                    std::string_view blob,
                                                    const storage::ContentId& id, Permutation perm,
                                                    uint32_t expectedRows) {
  const std::string_view kind = format.kind;
  ByteReader in(blob);
  BlobMagic magic{};
  uint16_t version = 0;
  uint8_t permByte = 0;
  uint8_t reserved8 = 0;
  uint32_t rows = 0;
  uint32_t reserved32 = 0;
  if (!(in.raw(magic.data(), magic.size()) && in.u16(version) && in.u8(permByte) &&
        in.u8(reserved8) && in.u32(rows) && in.u32(reserved32))) {
    return corruptBlob(kind, id, "truncated header");
  }
  if (magic != format.magic) return corruptBlob(kind, id, "bad magic");
  if (version != format.version) {
    return corruptBlob(kind, id, "unsupported format version " + std::to_string(version));
  }
  if (permByte != static_cast<uint8_t>(perm)) {
    return corruptBlob(kind, id, "belongs to another permutation");
  }
  if (reserved8 != 0 || reserved32 != 0) return corruptBlob(kind, id, "reserved field not zero");
  if (rows == 0 || rows > format.maxRows || rows != expectedRows) {
    return corruptBlob(kind, id,
                       "holds " + std::to_string(rows) + " entries, its directory says " +
                           std::to_string(expectedRows));
  }

  // The stored blocks follow the header back to back, in column order, and end the blob.
  const size_t columns = format.columns.size();
  std::vector<ColumnBlock> blocks(columns);
  uint64_t next = headerSizeOf(format);
  for (size_t c = 0; c < columns; ++c) {
    if (!readColumnBlock(in, blocks[c])) {
      return corruptBlob(kind, id, "truncated or reserved-nonzero column record");
    }
    const std::string column = "column " + std::string(format.columns[c]) + ": ";
    if (std::string problem = checkColumnBlock(blocks[c], rows); !problem.empty()) {
      return corruptBlob(kind, id, column + problem);
    }
    if (blocks[c].isConstant()) continue;
    if (blocks[c].offset != next) {
      return corruptBlob(kind, id,
                         column + "block at " + std::to_string(blocks[c].offset) + ", expected " +
                             std::to_string(next));
    }
    next += blocks[c].length;
  }
  if (next != blob.size()) {
    return corruptBlob(kind, id,
                       "blocks end at " + std::to_string(next) + " in a blob of " +
                           std::to_string(blob.size()) + " bytes");
  }

  std::vector<uint64_t> values(columns * rows);
  for (size_t c = 0; c < columns; ++c) {
    // decodeColumn words its errors for a tree column; relabelColumnFailure renames it.
    core::Status decoded =
        decodeColumn(blob, blocks[c], rows, values.data() + c * rows, id, Column::kS);
    if (!decoded.isOk()) return relabelColumnFailure(decoded, kind, id, format.columns[c]);
  }
  return values;
}

}  // namespace cairn::index
