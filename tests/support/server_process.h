#pragma once
// ServerProcess: the real `cairn serve` binary as a child process, for tests that must do what
// an in-process server (tests/support/test_server.h) cannot survive: SIGKILL in the middle of
// writes, then a restart over the same data directory.
//
// The child listens on a free loopback port it picks itself (--listen 127.0.0.1:0); the
// constructor reads the port from the "cairn is listening on ..." line the server prints once it
// accepts connections. Its stdout and stderr go to a log file the caller names, kept for failure
// reports (logTail). The child gets SIGKILL when the thread that started it exits, so a crashed
// test leaves no server behind.
//
// Thread-safety: construct, kill, terminate and destroy on one thread; port() and pid() may be
// read from any thread.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cairn::testing {

struct ServerProcessOptions {
  std::filesystem::path binary;         // the `cairn` executable
  std::filesystem::path dataDirectory;  // --data
  std::filesystem::path logFile;        // truncated, then stdout + stderr of the child
  unsigned queryThreads = 4;            // --query-threads
  std::vector<std::string> extraArguments;
  // How long the server may take to print its port (ASan builds replay commits slowly).
  std::chrono::milliseconds startTimeout = std::chrono::milliseconds(30'000);
  // False: the constructor returns as soon as the child runs, without a port (for a test that
  // kills the server while it is still opening its store).
  bool waitUntilListening = true;
};

class ServerProcess {
 public:
  // Starts the server and (unless told not to) waits until it listens. Throws std::runtime_error,
  // with the end of the log, when it exits first (a crash on start or on recovery) or does not
  // listen in time.
  explicit ServerProcess(ServerProcessOptions options);
  // Kills the child if it still runs.
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  uint16_t port() const { return port_; }  // 0 until it listens
  pid_t pid() const { return pid_; }

  // True while the child has not exited (reaps it when it has, keeping its status).
  bool running();
  // SIGKILL, then waits for the child. Idempotent.
  void kill();
  // SIGTERM (a graceful stop); waits up to `limit`, then SIGKILL. Returns the wait status
  // (see describeWaitStatus).
  int terminate(std::chrono::milliseconds limit);
  // The wait status once the child exited; -1 while it runs.
  int waitStatus() const { return waitStatus_; }

  // The last `bytes` of the log file.
  std::string logTail(size_t bytes = 4000) const;
  const std::filesystem::path& logFile() const { return options_.logFile; }

 private:
  void waitForPort();

  ServerProcessOptions options_;
  pid_t pid_ = -1;
  uint16_t port_ = 0;
  int waitStatus_ = -1;
};

// "exit 0", "exit 3", "signal 9 (Killed)", ... for a waitpid status.
std::string describeWaitStatus(int status);

}  // namespace cairn::testing
