#include "index/leaflet/column_codec.h"

#include <zstd.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "index/leaflet/blob_format.h"

namespace cairn::index {
namespace {

// Blocks smaller than this are stored raw: zstd's frame overhead eats any gain.
constexpr size_t kMinCompressBytes = 64;

// Whether storing a block zstd-compressed is worth its decoding time. It must save an eighth of
// the bytes, and the estimated time to decode the block must stay within 5 ns per value (200M
// ids/s). The estimate is a cost model measured on a busy 2-core machine (so conservative
// elsewhere), in hundredths of a nanosecond: 125 per compressed byte (zstd's entropy decoding),
// 55 per decompressed byte (its copying), and per value 150 for a dictionary lookup or 50 for
// a frame or delta unpack. Narrow and repetitive blocks compress; wide high-entropy ones (object
// keys, say) stay raw: zstd would shrink them by a third but decode them several times slower.
bool zstdPays(BlockEncoding encoding, size_t rawBytes, size_t compressedBytes, size_t rows) {
  if (compressedBytes > rawBytes - rawBytes / 8) return false;
  const size_t unpack = encoding == BlockEncoding::kDictionary ? 150 : 50;
  return 125 * compressedBytes + 55 * rawBytes + unpack * rows <= 500 * rows;
}

template <typename W>
void store(uint8_t* dst, size_t i, uint64_t v) {
  const W w = static_cast<W>(v);
  std::memcpy(dst + i * sizeof(W), &w, sizeof(W));
}

template <typename W>
W load(const uint8_t* src, size_t i) {
  W w;
  std::memcpy(&w, src + i * sizeof(W), sizeof(W));
  return w;
}

void packAt(uint8_t width, uint8_t* dst, size_t i, uint64_t v) {
  switch (width) {
    case 1:
      store<uint8_t>(dst, i, v);
      break;
    case 2:
      store<uint16_t>(dst, i, v);
      break;
    case 4:
      store<uint32_t>(dst, i, v);
      break;
    default:
      store<uint64_t>(dst, i, v);
      break;
  }
}

// The decode kernels: one tight loop per width, which the compiler widens with SIMD.
template <typename W>
void unpackFrame(const uint8_t* src, uint32_t rows, uint64_t reference, uint64_t* out) {
  for (uint32_t i = 0; i < rows; ++i) out[i] = reference + load<W>(src, i);
}

template <typename W>
void unpackDelta(const uint8_t* src, uint32_t rows, uint64_t reference, uint64_t* out) {
  uint64_t value = reference;
  for (uint32_t i = 0; i < rows; ++i) {
    value += load<W>(src, i);
    out[i] = value;
  }
}

// Codes past the table are clamped (never read out of bounds) and reported by the result.
template <typename W>
bool unpackDictionary(const uint8_t* table, uint32_t entries, const uint8_t* codes, uint32_t rows,
                      uint64_t* out) {
  const uint32_t last = entries - 1;
  uint32_t bad = 0;
  for (uint32_t i = 0; i < rows; ++i) {
    const uint32_t code = load<W>(codes, i);
    bad |= code > last ? 1u : 0u;
    out[i] = load<uint64_t>(table, std::min(code, last));
  }
  return bad == 0;
}

template <typename W>
void unpack(BlockEncoding encoding, const uint8_t* src, uint32_t rows, uint64_t reference,
            uint64_t* out) {
  if (encoding == BlockEncoding::kDelta) {
    unpackDelta<W>(src, rows, reference, out);
  } else {
    unpackFrame<W>(src, rows, reference, out);
  }
}

struct DecodeState {
  ZSTD_DCtx* context = ZSTD_createDCtx();
  std::vector<uint8_t> scratch;
  ~DecodeState() { ZSTD_freeDCtx(context); }
};

DecodeState& decodeState() {
  thread_local DecodeState state;
  return state;
}

core::Status badBlock(const storage::ContentId& id, Column column, std::string_view what) {
  std::string message = "column ";
  message += columnName(column);
  message += ": ";
  message += what;
  return corruptBlob("leaflet", id, message);
}

size_t packedSize(const ColumnBlock& block, uint32_t rows, size_t dictionarySize) {
  const size_t codes = size_t{rows} * block.width;
  if (block.encoding != BlockEncoding::kDictionary) return codes;
  return kDictionaryHeaderSize + dictionarySize * sizeof(uint64_t) + codes;
}

core::Status decodeDictionary(const uint8_t* packed, size_t size, const ColumnBlock& block,
                              uint32_t rows, uint64_t* out, const storage::ContentId& id,
                              Column column) {
  if (size < kDictionaryHeaderSize) return badBlock(id, column, "truncated dictionary");
  const uint32_t entries = load<uint32_t>(packed, 0);
  const uint32_t reserved = load<uint32_t>(packed, 1);
  if (entries == 0 || entries > kMaxDictionarySize || reserved != 0) {
    return badBlock(id, column, "bad dictionary header");
  }
  if (size != packedSize(block, rows, entries)) {
    return badBlock(id, column, "dictionary block of " + std::to_string(size) + " bytes");
  }
  const uint8_t* table = packed + kDictionaryHeaderSize;
  const uint8_t* codes = table + size_t{entries} * sizeof(uint64_t);
  const bool valid = block.width == 1
                         ? unpackDictionary<uint8_t>(table, entries, codes, rows, out)
                         : unpackDictionary<uint16_t>(table, entries, codes, rows, out);
  if (!valid) return badBlock(id, column, "dictionary code out of range");
  return core::Status::ok();
}

}  // namespace

struct ColumnEncoder::Zstd {
  ZSTD_CCtx* context = ZSTD_createCCtx();
  ~Zstd() { ZSTD_freeCCtx(context); }
};

ColumnEncoder::ColumnEncoder(int zstdLevel) : zstd_(std::make_unique<Zstd>()), level_(zstdLevel) {
  CAIRN_CHECK(zstd_->context != nullptr, "ZSTD_createCCtx failed");
}

ColumnEncoder::~ColumnEncoder() = default;

uint8_t packedWidthFor(uint64_t range) {
  if (range <= 0xFF) return 1;
  if (range <= 0xFFFF) return 2;
  if (range <= 0xFFFFFFFF) return 4;
  return 8;
}

bool ColumnEncoder::collectDistinct(std::span<const uint64_t> values, uint32_t limit) {
  size_t capacity = 16;
  while (capacity < 2 * size_t{limit}) capacity *= 2;
  slots_.resize(capacity);
  slotUsed_.assign(capacity, 0);
  dictionary_.clear();
  const int shift = 64 - std::countr_zero(capacity);
  for (uint64_t v : values) {
    size_t slot = static_cast<size_t>((v * 0x9E3779B97F4A7C15ull) >> shift);
    while (slotUsed_[slot] != 0 && slots_[slot] != v) slot = (slot + 1) & (capacity - 1);
    if (slotUsed_[slot] != 0) continue;
    if (dictionary_.size() == limit) return false;
    slotUsed_[slot] = 1;
    slots_[slot] = v;
    dictionary_.push_back(v);
  }
  std::sort(dictionary_.begin(), dictionary_.end());
  return true;
}

ColumnBlock ColumnEncoder::encode(std::span<const uint64_t> values, std::string& blob) {
  CAIRN_CHECK(!values.empty(), "encoding an empty column");
  const size_t rows = values.size();
  uint64_t minimum = values[0];
  uint64_t maximum = values[0];
  uint64_t maxStep = 0;
  bool sorted = true;
  for (size_t i = 1; i < rows; ++i) {
    const uint64_t v = values[i];
    minimum = std::min(minimum, v);
    maximum = std::max(maximum, v);
    if (v < values[i - 1]) {
      sorted = false;
    } else {
      maxStep = std::max(maxStep, v - values[i - 1]);
    }
  }

  ColumnBlock block;
  if (minimum == maximum) {
    block.reference = minimum;
    return block;
  }
  const uint8_t frameWidth = packedWidthFor(maximum - minimum);
  const uint8_t deltaWidth = sorted ? packedWidthFor(maxStep) : uint8_t{9};
  block.encoding = deltaWidth < frameWidth ? BlockEncoding::kDelta : BlockEncoding::kFrame;
  block.width = std::min(frameWidth, deltaWidth);
  block.reference = minimum;  // also the first value when sorted

  // A dictionary pays only when its codes are narrower than the values.
  if (block.width >= 2) {
    // It can only win with n distinct values if 8n + rows * codeWidth < rows * width, so stop
    // collecting past that bound: high-cardinality columns give up early instead of gathering
    // and sorting thousands of values that could never make a smaller block.
    const size_t w = block.width;
    const size_t paysUpTo = std::max(std::min<size_t>(256, rows * (w - 1) / 8),
                                     w > 2 ? rows * (w - 2) / 8 : 0);
    const uint32_t limit = static_cast<uint32_t>(std::min<size_t>(
        {rows, block.width >= 4 ? size_t{kMaxDictionarySize} : size_t{256}, paysUpTo}));
    if (collectDistinct(values, limit)) {
      const uint8_t codeWidth = dictionary_.size() <= 256 ? 1 : 2;
      ColumnBlock dictionary = block;
      dictionary.encoding = BlockEncoding::kDictionary;
      dictionary.width = codeWidth;
      if (packedSize(dictionary, static_cast<uint32_t>(rows), dictionary_.size()) <
          rows * block.width) {
        block = dictionary;
      }
    }
  }

  packed_.assign(packedSize(block, static_cast<uint32_t>(rows), dictionary_.size()), '\0');
  auto* dst = reinterpret_cast<uint8_t*>(packed_.data());
  switch (block.encoding) {
    case BlockEncoding::kFrame:
      for (size_t i = 0; i < rows; ++i) packAt(block.width, dst, i, values[i] - minimum);
      break;
    case BlockEncoding::kDelta:
      packAt(block.width, dst, 0, 0);
      for (size_t i = 1; i < rows; ++i) packAt(block.width, dst, i, values[i] - values[i - 1]);
      break;
    default: {
      store<uint32_t>(dst, 0, dictionary_.size());
      uint8_t* table = dst + kDictionaryHeaderSize;
      for (size_t k = 0; k < dictionary_.size(); ++k) store<uint64_t>(table, k, dictionary_[k]);
      uint8_t* codes = table + dictionary_.size() * sizeof(uint64_t);
      // Each slot of the set learns its value's code, so coding a row is one probe.
      const size_t capacity = slots_.size();
      const int shift = 64 - std::countr_zero(capacity);
      slotCode_.resize(capacity);
      for (size_t k = 0; k < dictionary_.size(); ++k) {
        size_t slot = static_cast<size_t>((dictionary_[k] * 0x9E3779B97F4A7C15ull) >> shift);
        while (slots_[slot] != dictionary_[k]) slot = (slot + 1) & (capacity - 1);
        slotCode_[slot] = static_cast<uint32_t>(k);
      }
      for (size_t i = 0; i < rows; ++i) {
        size_t slot = static_cast<size_t>((values[i] * 0x9E3779B97F4A7C15ull) >> shift);
        while (slots_[slot] != values[i]) slot = (slot + 1) & (capacity - 1);
        packAt(block.width, codes, i, slotCode_[slot]);
      }
      break;
    }
  }

  std::string_view stored = packed_;
  if (packed_.size() >= kMinCompressBytes) {
    compressed_.resize(ZSTD_compressBound(packed_.size()));
    const size_t written = ZSTD_compressCCtx(zstd_->context, compressed_.data(), compressed_.size(),
                                             packed_.data(), packed_.size(), level_);
    CAIRN_CHECK(!ZSTD_isError(written), "zstd compression failed");
    if (zstdPays(block.encoding, packed_.size(), written, rows)) {
      stored = std::string_view(compressed_.data(), written);
      block.compression = BlockCompression::kZstd;
    }
  }
  CAIRN_CHECK(blob.size() + stored.size() <= UINT32_MAX, "leaflet blob over 4 GiB");
  block.offset = static_cast<uint32_t>(blob.size());
  block.length = static_cast<uint32_t>(stored.size());
  blob.append(stored);
  return block;
}

std::string checkColumnBlock(const ColumnBlock& block, uint32_t rows) {
  if (block.compression != BlockCompression::kNone &&
      block.compression != BlockCompression::kZstd) {
    return "unknown compression " + std::to_string(static_cast<int>(block.compression));
  }
  switch (block.encoding) {
    case BlockEncoding::kConstant:
      if (block.width != 0 || block.offset != 0 || block.length != 0 ||
          block.compression != BlockCompression::kNone) {
        return "constant column with a block";
      }
      return {};
    case BlockEncoding::kFrame:
    case BlockEncoding::kDelta:
      if (block.width != 1 && block.width != 2 && block.width != 4 && block.width != 8) {
        return "bad width " + std::to_string(block.width);
      }
      break;
    case BlockEncoding::kDictionary:
      if (block.width != 1 && block.width != 2) {
        return "bad dictionary code width " + std::to_string(block.width);
      }
      break;
    default:
      return "unknown encoding " + std::to_string(static_cast<int>(block.encoding));
  }
  if (block.length == 0) return "empty block";
  if (block.compression == BlockCompression::kNone) {
    const uint64_t codes = uint64_t{rows} * block.width;
    if (block.encoding != BlockEncoding::kDictionary && block.length != codes) {
      return "raw block length " + std::to_string(block.length) + " for " + std::to_string(rows) +
             " values of width " + std::to_string(block.width);
    }
    if (block.encoding == BlockEncoding::kDictionary &&
        (block.length < kDictionaryHeaderSize + sizeof(uint64_t) + codes ||
         (block.length - kDictionaryHeaderSize - codes) % sizeof(uint64_t) != 0)) {
      return "raw dictionary block length " + std::to_string(block.length);
    }
  }
  return {};
}

core::Status decodeColumn(std::string_view blob, const ColumnBlock& block, uint32_t rows,
                          uint64_t* out, const storage::ContentId& leafletId, Column column) {
  if (std::string problem = checkColumnBlock(block, rows); !problem.empty()) {
    return badBlock(leafletId, column, problem);
  }
  if (block.isConstant()) {
    std::fill(out, out + rows, block.reference);
    return core::Status::ok();
  }
  if (uint64_t{block.offset} + block.length > blob.size()) {
    return badBlock(leafletId, column,
                    "block [" + std::to_string(block.offset) + ", +" +
                        std::to_string(block.length) + ") past the blob end " +
                        std::to_string(blob.size()));
  }
  const auto* stored = reinterpret_cast<const uint8_t*>(blob.data()) + block.offset;
  const uint8_t* packed = stored;
  size_t size = block.length;
  if (block.compression == BlockCompression::kZstd) {
    DecodeState& state = decodeState();
    if (state.context == nullptr) return core::Status::internal("ZSTD_createDCtx failed");
    const unsigned long long content = ZSTD_getFrameContentSize(stored, block.length);
    const size_t most = packedSize(block, rows, std::min<size_t>(rows, kMaxDictionarySize));
    if (content == ZSTD_CONTENTSIZE_ERROR || content == ZSTD_CONTENTSIZE_UNKNOWN ||
        content > most) {
      return badBlock(leafletId, column, "bad zstd frame header");
    }
    size = static_cast<size_t>(content);
    if (state.scratch.size() < size) state.scratch.resize(size);
    const size_t got =
        ZSTD_decompressDCtx(state.context, state.scratch.data(), size, stored, block.length);
    if (ZSTD_isError(got)) {
      return badBlock(leafletId, column, std::string("zstd: ") + ZSTD_getErrorName(got));
    }
    if (got != size) return badBlock(leafletId, column, "zstd frame shorter than it claims");
    packed = state.scratch.data();
  }
  if (block.encoding == BlockEncoding::kDictionary) {
    return decodeDictionary(packed, size, block, rows, out, leafletId, column);
  }
  if (size != size_t{rows} * block.width) {
    return badBlock(leafletId, column,
                    "decoded " + std::to_string(size) + " bytes, expected " +
                        std::to_string(size_t{rows} * block.width));
  }
  switch (block.width) {
    case 1:
      unpack<uint8_t>(block.encoding, packed, rows, block.reference, out);
      break;
    case 2:
      unpack<uint16_t>(block.encoding, packed, rows, block.reference, out);
      break;
    case 4:
      unpack<uint32_t>(block.encoding, packed, rows, block.reference, out);
      break;
    default:
      unpack<uint64_t>(block.encoding, packed, rows, block.reference, out);
      break;
  }
  return core::Status::ok();
}

}  // namespace cairn::index
