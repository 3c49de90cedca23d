#include "bench/watdiv/triple_writer.h"

#include <charconv>
#include <cstring>

#include "bench/datagen/quoted_literal.h"
#include "core/check.h"

namespace cairn::bench::watdiv {

TripleWriter::TripleWriter(std::FILE* out, uint64_t limit)
    : out_(out), limit_(limit), buf_(new char[kBufferSize]) {
  for (size_t i = 0; i < kPredicateCount; ++i) {
    predicateText_[i] = "<" + std::string(namespaceOf(kPredicates[i].prefix)) +
                        std::string(kPredicates[i].local) + ">";
  }
}

bool TripleWriter::write(const Block& block) {
  for (const Statement& s : block.statements()) {
    if (full()) return false;
    const std::string& pred = predicateText_[static_cast<size_t>(s.pred)];
    // Two nodes of at most kWsdbm + 16 + 20 bytes; a literal at most doubles when escaped.
    reserve(2 * (kWsdbm.size() + 40) + pred.size() + 2 * size_t{s.textSize} + 8);
    putNode(s.subject);
    put(" ");
    put(pred);
    put(" ");
    if (s.literal) {
      putQuoted(block.text(s));
    } else {
      putNode(s.object);
    }
    put(" .\n");
    ++written_;
    ++counts_[static_cast<size_t>(s.pred)];
  }
  return true;
}

bool TripleWriter::finish() {
  flushBuffer();
  if (std::fflush(out_) != 0) ioError_ = true;
  return !ioError_;
}

void TripleWriter::reserve(size_t n) {
  CAIRN_CHECK(n < kBufferSize, "statement larger than the output buffer");
  if (pos_ + n > kBufferSize) flushBuffer();
}

void TripleWriter::flushBuffer() {
  if (pos_ == 0) return;
  if (std::fwrite(buf_.get(), 1, pos_, out_) != pos_) ioError_ = true;
  flushedBytes_ += pos_;
  pos_ = 0;
}

void TripleWriter::put(std::string_view s) {
  std::memcpy(buf_.get() + pos_, s.data(), s.size());
  pos_ += s.size();
}

void TripleWriter::putNode(const Node& node) {
  put("<");
  put(kWsdbm);
  put(kindName(node.kind));
  if (node.number != kNoNumber) {
    auto [end, ec] = std::to_chars(buf_.get() + pos_, buf_.get() + kBufferSize, node.number);
    pos_ = static_cast<size_t>(end - buf_.get());
  }
  put(">");
}

void TripleWriter::putQuoted(std::string_view s) {
  pos_ = static_cast<size_t>(datagen::writeQuotedLiteral(buf_.get() + pos_, s) - buf_.get());
}

}  // namespace cairn::bench::watdiv
