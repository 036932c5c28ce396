// fanorona-match's engine players: a program that speaks fanorona-engine's protocol
// (docs/engine.md), started by the shell with its standard streams connected to the match.
#ifndef FANORONA_TOOLS_MATCH_ENGINE_PROCESS_HPP
#define FANORONA_TOOLS_MATCH_ENGINE_PROCESS_HPP

#include <cstdio>
#include <string>
#include <utility>

#include "../cli.hpp"

#if defined(__unix__) || defined(__APPLE__)
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>
#define FANORONA_MATCH_HAS_ENGINES 1
#endif

namespace match {

[[noreturn]] inline void engine_failed(const std::string& command, const std::string& what) {
  tools::fail("engine '" + command + "' " + what);
}

// A program that speaks fanorona-engine's protocol, started by the shell with its standard
// input and output connected to us: one line of command, answered by lines.
class EngineProcess {
 public:
#ifdef FANORONA_MATCH_HAS_ENGINES
  explicit EngineProcess(std::string command) : command_(std::move(command)) {
    std::signal(SIGPIPE, SIG_IGN);  // an engine that died is reported when its answer is read
    int to_engine[2], from_engine[2];
    if (pipe(to_engine) != 0 || pipe(from_engine) != 0) engine_failed(command_, "could not be started (no pipe)");
    pid_ = fork();
    if (pid_ < 0) engine_failed(command_, "could not be started (no fork)");
    if (pid_ == 0) {
      dup2(to_engine[0], 0);
      dup2(from_engine[1], 1);
      close(to_engine[0]);
      close(to_engine[1]);
      close(from_engine[0]);
      close(from_engine[1]);
      execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_engine[0]);
    close(from_engine[1]);
    to_ = fdopen(to_engine[1], "w");
    from_ = fdopen(from_engine[0], "r");
    if (!to_ || !from_) engine_failed(command_, "could not be started (no stream)");
  }
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess() {
    std::fputs("quit\n", to_);
    std::fclose(to_);
    std::fclose(from_);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  void send(const std::string& line) {
    if (std::fputs(line.c_str(), to_) < 0 || std::fputc('\n', to_) < 0 || std::fflush(to_) != 0) gone();
  }
  // The next line the engine writes, without its line break.
  std::string receive() {
    std::string line;
    for (int c = std::fgetc(from_); c != '\n'; c = std::fgetc(from_)) {
      if (c == EOF) gone();
      line += static_cast<char>(c);
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  }

 private:
  // The engine stopped reading or writing: whether a write or a read finds out first depends
  // on timing, so both report the same thing, how the process ended.
  [[noreturn]] void gone() {
    int status = 0;
    if (waitpid(pid_, &status, 0) == pid_ && WIFEXITED(status))
      engine_failed(command_, "exited with status " + std::to_string(WEXITSTATUS(status)));
    if (WIFSIGNALED(status)) engine_failed(command_, "was killed by signal " + std::to_string(WTERMSIG(status)));
    engine_failed(command_, "stopped");
  }

  std::string command_;
  pid_t pid_ = -1;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
#else
  explicit EngineProcess(const std::string& command) {
    engine_failed(command, "cannot be run: engine players need a POSIX system");
  }
  void send(const std::string&) {}
  std::string receive() { return {}; }
#endif
};

}  // namespace match

#endif  // FANORONA_TOOLS_MATCH_ENGINE_PROCESS_HPP
