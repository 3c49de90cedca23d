#include "query/exec/column_decoder.h"

namespace cairn::query {

ColumnDecoder::ColumnDecoder(TermTable& terms)
    : terms_(terms),
      cursor_(std::make_unique<index::Ledger::DecodeCursor>(terms.ledger())),
      slotIds_(kMinSlots),
      slotTerms_(kMinSlots) {}

const core::Term* ColumnDecoder::decodeSlow(ValueId v) {
  last_ = nullptr;  // until v is decoded: a throw must not leave a stale pointer for lastId_
  if (++windowDecodes_ == kWindow) endWindow();
  if (bypassWindows_ > 0) {
    terms_.decodeInto(v, *cursor_, scratch_);
    last_ = &scratch_;
  } else {
    last_ = decodeCached(v);
  }
  lastId_ = v;
  return last_;
}

const core::Term* ColumnDecoder::decodeCached(ValueId v) {
  size_t slot = hashValue(v) & (slotIds_.size() - 1);
  if (slotIds_[slot] == v) {
    ++windowHits_;
    return &slotTerms_[slot];
  }
  // Grow once misses outnumber the slots several times over: the column has more distinct
  // values than the table holds. The old contents are only a cache, so they are dropped
  // (their strings' capacity moves along and is reused).
  if (++missesSinceGrowth_ > 4 * slotIds_.size() && slotIds_.size() < kMaxSlots) {
    slotIds_.resize(slotIds_.size() * 4);
    slotTerms_.resize(slotIds_.size());
    clearSlots();
    slot = hashValue(v) & (slotIds_.size() - 1);
  }
  slotIds_[slot] = ValueId::unbound();  // stays empty if decoding throws
  terms_.decodeInto(v, *cursor_, slotTerms_[slot]);
  slotIds_[slot] = v;
  return &slotTerms_[slot];
}

void ColumnDecoder::endWindow() {
  if (bypassWindows_ > 0) {
    if (--bypassWindows_ == 0) clearSlots();  // try the cache again, from empty
  } else if (windowHits_ < kWindow / 4) {
    bypassWindows_ = kBypassWindows;
  }
  windowDecodes_ = 0;
  windowHits_ = 0;
}

void ColumnDecoder::clearSlots() {
  std::fill(slotIds_.begin(), slotIds_.end(), ValueId::unbound());
  missesSinceGrowth_ = 0;
}

}  // namespace cairn::query
