#include "server/http/response_head.h"

#include <gtest/gtest.h>

namespace cairn::server::http {
namespace {

TEST(ResponseHead, ContentLengthKeepAlive) {
  HeaderList extra = {{"Vary", "Accept"}, {"X-Bad", "a\r\nInjected: yes"}};
  ResponseHead head;
  head.status = 200;
  head.contentType = "text/csv";
  head.headers = &extra;
  head.contentLength = 12;
  head.requestId = 7;
  std::string out;
  appendResponseHead(head, out);
  EXPECT_TRUE(out.starts_with("HTTP/1.1 200 OK\r\n"));
  EXPECT_NE(out.find("\r\nContent-Type: text/csv\r\n"), std::string::npos);
  EXPECT_NE(out.find("\r\nContent-Length: 12\r\n"), std::string::npos);
  EXPECT_NE(out.find("\r\nX-Request-Id: 7\r\n"), std::string::npos);
  EXPECT_NE(out.find("\r\nVary: Accept\r\n"), std::string::npos);
  EXPECT_NE(out.find("\r\nDate: "), std::string::npos);
  EXPECT_EQ(out.find("Injected"), std::string::npos);  // a value with CR/LF is dropped
  EXPECT_EQ(out.find("Connection:"), std::string::npos);
  EXPECT_TRUE(out.ends_with("\r\n\r\n"));
}

TEST(ResponseHead, ChunkedCloseAndHttp10) {
  ResponseHead head;
  head.status = 503;
  head.framing = BodyFraming::kChunked;
  head.keepAlive = false;
  std::string out;
  appendResponseHead(head, out);
  EXPECT_TRUE(out.starts_with("HTTP/1.1 503 Service Unavailable\r\n"));
  EXPECT_NE(out.find("Transfer-Encoding: chunked\r\n"), std::string::npos);
  EXPECT_NE(out.find("Connection: close\r\n"), std::string::npos);

  ResponseHead old;
  old.http10 = true;
  old.framing = BodyFraming::kUntilClose;
  out.clear();
  appendResponseHead(old, out);
  EXPECT_TRUE(out.starts_with("HTTP/1.0 200 OK\r\n"));
  EXPECT_NE(out.find("Connection: keep-alive\r\n"), std::string::npos);
  EXPECT_EQ(out.find("Content-Length"), std::string::npos);
}

TEST(ResponseHead, Chunks) {
  std::string out;
  appendChunk("hello", out);
  appendChunk("", out);  // nothing: an empty chunk would end the body
  appendChunk(std::string(300, 'x'), out);
  EXPECT_EQ(out.substr(0, 10), "5\r\nhello\r\n");
  EXPECT_EQ(out.substr(10, 5), "12c\r\n");
  EXPECT_EQ(kLastChunk, "0\r\n\r\n");
}

}  // namespace
}  // namespace cairn::server::http
