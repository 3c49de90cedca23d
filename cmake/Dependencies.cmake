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
