# Every dependency comes from a Debian package (deploy/install-deps.sh).
find_package(Threads REQUIRED)
# TBB first: RocksDB's config ships a FindTBB module that would otherwise hide TBB::tbb.
find_package(TBB CONFIG REQUIRED)
find_package(RocksDB CONFIG REQUIRED)
find_package(zstd CONFIG REQUIRED)
find_package(ZLIB REQUIRED)
find_package(OpenSSL REQUIRED)
find_package(spdlog CONFIG REQUIRED)
find_package(nlohmann_json CONFIG REQUIRED)
find_package(CLI11 CONFIG REQUIRED)
# Howard Hinnant's date/tz: Debian builds it with USE_OS_TZDB=1, so it reads the system tzdata in
# /usr/share/zoneinfo and never downloads (GCC 12's libstdc++ has no std::chrono::tzdb).
find_package(date CONFIG REQUIRED)
# Asio + Beast, header-only (the HTTP server).
find_package(Boost 1.74 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(SERD REQUIRED IMPORTED_TARGET serd-0)
pkg_check_modules(PCRE2 REQUIRED IMPORTED_TARGET libpcre2-8)

if(TARGET zstd::libzstd_shared)
  set(CAIRN_ZSTD zstd::libzstd_shared)
else()
  set(CAIRN_ZSTD zstd::libzstd_static)
endif()

# jemalloc for the executables (the server, the CLI, the bench tools), with transparent huge
# pages (core/io/jemalloc_conf.cpp says why). Not with sanitizers or fuzzers, which bring their
# own allocator; the test binaries keep glibc's, so both allocators stay exercised.
if(CAIRN_JEMALLOC AND NOT CAIRN_SANITIZE AND NOT CAIRN_BUILD_FUZZERS)
  pkg_check_modules(JEMALLOC IMPORTED_TARGET jemalloc)
  if(NOT JEMALLOC_FOUND)
    message(FATAL_ERROR "CAIRN_JEMALLOC is on but jemalloc was not found: install libjemalloc-dev "
                        "(deploy/install-deps.sh) or configure with -DCAIRN_JEMALLOC=OFF")
  endif()
  set(CAIRN_USE_JEMALLOC ON)
endif()

# Links `target` (an executable) against the process allocator chosen above.
function(cairn_use_allocator target)
  if(CAIRN_USE_JEMALLOC)
    target_sources(${target} PRIVATE "${CMAKE_SOURCE_DIR}/core/io/jemalloc_conf.cpp")
    target_link_libraries(${target} PRIVATE PkgConfig::JEMALLOC)
  endif()
endfunction()
