#include "server/http/session_exchange.h"

#include "core/check.h"
#include "core/error.h"
#include "server/http/http_error.h"
#include "server/http/http_session.h"
#include "server/http/response_head.h"

namespace cairn::server::http {
namespace {

// Bytes a producer may have queued for the socket before it waits: enough to keep the socket
// busy, small enough that a slow client holds little memory.
constexpr size_t kMaxQueuedBytes = 512 * 1024;
constexpr size_t kChunkBytes = 64 * 1024;

class SessionResponseStream final : public ResponseStream {
 public:
  SessionResponseStream(std::shared_ptr<Session> session, unsigned status, std::string contentType,
                        HeaderList headers)
      : session_(std::move(session)),
        flow_(session_->flow()),
        status_(status),
        contentType_(std::move(contentType)),
        headers_(std::move(headers)) {}

  ~SessionResponseStream() override {
    if (!done_)
      fail(500, "application/json",
           HttpError(500, "internal", "the response ended without an answer").body());
  }

  void write(std::string_view bytes) override {
    throwIfGone();
    buffer_.append(bytes);
    if (buffer_.size() >= kChunkBytes) sendBuffered(/*last=*/false);
  }

  void finish() override {
    if (done_) return;
    done_ = true;
    if (!started_) {
      session_->postWhole(
          Response{status_, std::move(contentType_), std::move(headers_), std::move(buffer_)});
      return;
    }
    try {
      sendBuffered(/*last=*/true);
    } catch (const core::Error&) {
      // The client left while the last bytes were queued; the session has closed.
    }
  }

  void fail(unsigned status, std::string contentType, std::string body) override {
    if (done_) return;
    done_ = true;
    if (!started_) {
      session_->postWhole(Response{status, std::move(contentType), {}, std::move(body)});
    } else {
      session_->postAbort();
    }
  }

  bool started() const override { return started_; }

 private:
  void throwIfGone() {
    std::lock_guard lock(flow_->mutex);
    if (flow_->failed) {
      throw core::Error(core::ErrorCode::kCancelled, "the client closed the connection");
    }
  }

  void sendBuffered(bool last) {
    std::string bytes;
    const bool http10 = session_->http10();
    unsigned headStatus = 0;
    if (!started_) {
      ResponseHead head;
      head.status = status_;
      head.contentType = contentType_;
      head.headers = &headers_;
      head.framing = http10 ? BodyFraming::kUntilClose : BodyFraming::kChunked;
      head.keepAlive = !http10 && session_->keepAlive();
      head.http10 = http10;
      head.requestId = session_->requestId();
      appendResponseHead(head, bytes);
      started_ = true;
      headStatus = status_;
    }
    if (session_->headRequest()) {
      // HEAD with a body too large to hold: send the head and stop the producer (the
      // connection then closes, since the length was not announced).
      buffer_.clear();
      session_->postBytes(std::move(bytes), 0, /*endsResponse=*/false, headStatus);
      throw core::Error(core::ErrorCode::kCancelled, "HEAD request: the body is not sent");
    }
    const uint64_t bodyBytes = buffer_.size();
    if (http10) {
      bytes += buffer_;
    } else {
      appendChunk(buffer_, bytes);
      if (last) bytes += kLastChunk;
    }
    buffer_.clear();
    {
      std::unique_lock lock(flow_->mutex);
      flow_->room.wait(lock, [&] { return flow_->failed || flow_->queuedBytes < kMaxQueuedBytes; });
      if (flow_->failed) {
        throw core::Error(core::ErrorCode::kCancelled, "the client closed the connection");
      }
      flow_->queuedBytes += bytes.size();
    }
    session_->postBytes(std::move(bytes), bodyBytes, last, headStatus);
  }

  std::shared_ptr<Session> session_;
  std::shared_ptr<StreamFlow> flow_;
  unsigned status_;
  std::string contentType_;
  HeaderList headers_;
  std::string buffer_;
  bool started_ = false;
  bool done_ = false;
};

}  // namespace

SessionExchange::SessionExchange(std::shared_ptr<Session> session, Request request)
    : session_(std::move(session)), request_(std::move(request)) {}

SessionExchange::~SessionExchange() {
  if (!answered_.exchange(true)) {
    const HttpError error(500, "internal", "the request was dropped without an answer");
    session_->postWhole(Response{500, "application/json", {}, error.body()});
  }
}

void SessionExchange::respond(Response response) {
  CAIRN_CHECK(!answered_.exchange(true));
  session_->postWhole(std::move(response));
}

std::unique_ptr<ResponseStream> SessionExchange::stream(unsigned status, std::string contentType,
                                                        HeaderList headers) {
  CAIRN_CHECK(!answered_.exchange(true));
  return std::make_unique<SessionResponseStream>(session_, status, std::move(contentType),
                                                 std::move(headers));
}

std::shared_ptr<const std::atomic<bool>> SessionExchange::cancelled() const {
  return session_->cancelFlag();
}

void SessionExchange::onComplete(CompletionHandler handler) {
  session_->setCompletion(std::move(handler));
}

}  // namespace cairn::server::http
