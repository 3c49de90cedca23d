#include "tests/support/server_process.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace cairn::testing {
namespace {

constexpr std::string_view kListening = "cairn is listening on http://";

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs in the child between fork and exec: only async-signal-safe calls.
[[noreturn]] void execChild(pid_t parent, int logFd, const std::vector<char*>& argv) {
  // The parent thread's exit kills the server; if it died already, do not start at all.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);
  const int devNull = ::open("/dev/null", O_RDONLY);
  if (devNull < 0 || ::dup2(devNull, 0) < 0 || ::dup2(logFd, 1) < 0 || ::dup2(logFd, 2) < 0) {
    ::_exit(126);
  }
  // Sockets of the test's HTTP clients must not live on in the server.
  ::close_range(3, ~0U, 0);
  ::execv(argv[0], argv.data());
  constexpr std::string_view message = "execv of the server binary failed\n";
  [[maybe_unused]] const ssize_t ignored = ::write(2, message.data(), message.size());
  ::_exit(127);
}

}  // namespace

std::string describeWaitStatus(int status) {
  if (status < 0) return "running";
  if (WIFEXITED(status)) return "exit " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char* name = ::strsignal(signal);
    return "signal " + std::to_string(signal) + " (" + (name ? name : "?") + ")";
  }
  return "status " + std::to_string(status);
}

ServerProcess::ServerProcess(ServerProcessOptions options) : options_(std::move(options)) {
  std::vector<std::string> arguments = {options_.binary.string(),
                                        "serve",
                                        "--data",
                                        options_.dataDirectory.string(),
                                        "--listen",
                                        "127.0.0.1:0",
                                        "--query-threads",
                                        std::to_string(options_.queryThreads),
                                        "--no-access-log"};
  arguments.insert(arguments.end(), options_.extraArguments.begin(), options_.extraArguments.end());
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);

  if (::access(options_.binary.c_str(), X_OK) != 0) {
    throw std::runtime_error("no executable server binary at " + options_.binary.string());
  }
  const int logFd =
      ::open(options_.logFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_APPEND, 0644);
  if (logFd < 0) throw std::runtime_error("cannot create " + options_.logFile.string());
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ == 0) execChild(parent, logFd, argv);
  const int forkError = errno;
  ::close(logFd);
  if (pid_ < 0) {
    throw std::runtime_error(std::string("fork failed: ") + ::strerror(forkError));
  }
  if (!options_.waitUntilListening) return;
  try {
    waitForPort();
  } catch (...) {
    kill();
    throw;
  }
}

ServerProcess::~ServerProcess() { kill(); }

void ServerProcess::waitForPort() {
  const auto deadline = std::chrono::steady_clock::now() + options_.startTimeout;
  for (;;) {
    const std::string log = readFile(options_.logFile);
    const size_t at = log.find(kListening);
    if (at != std::string::npos) {
      const size_t end = log.find_first_of(" \n", at + kListening.size());
      if (end != std::string::npos) {
        const std::string address =
            log.substr(at + kListening.size(), end - at - kListening.size());
        const size_t colon = address.rfind(':');
        const unsigned long port =
            colon == std::string::npos ? 0 : std::stoul(address.substr(colon + 1));
        if (port == 0 || port > 65535) {
          throw std::runtime_error("cannot read the port in \"" + address + "\"");
        }
        port_ = static_cast<uint16_t>(port);
        return;
      }
    }
    if (!running()) {
      throw std::runtime_error("the server exited before listening (" +
                               describeWaitStatus(waitStatus_) + "); its log ends:\n" + logTail());
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      throw std::runtime_error("the server did not listen within " +
                               std::to_string(options_.startTimeout.count()) +
                               " ms; its log ends:\n" + logTail());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

bool ServerProcess::running() {
  if (pid_ <= 0 || waitStatus_ >= 0) return false;
  int status = 0;
  const pid_t done = ::waitpid(pid_, &status, WNOHANG);
  if (done == pid_) {
    waitStatus_ = status;
    return false;
  }
  return true;
}

void ServerProcess::kill() {
  if (!running()) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  waitStatus_ = status;
}

int ServerProcess::terminate(std::chrono::milliseconds limit) {
  if (!running()) return waitStatus_;
  ::kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (running()) {
    if (std::chrono::steady_clock::now() >= deadline) {
      kill();
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return waitStatus_;
}

std::string ServerProcess::logTail(size_t bytes) const {
  const std::string log = readFile(options_.logFile);
  return log.size() <= bytes ? log : "..." + log.substr(log.size() - bytes);
}

}  // namespace cairn::testing
