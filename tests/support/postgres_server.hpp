// A throwaway PostgreSQL server for tests: initdb + pg_ctl from Debian's postgresql package in a
// temporary directory, listening on a free loopback port and a unix socket in that directory, run as
// the `postgres` (or `nobody`) user when the tests run as root (initdb refuses root), stopped and
// removed when the test program ends.
#pragma once
#include <string>

namespace qdiff::testing {

class PostgresServer {
public:
    // The shared server, started on first use; nullptr when it cannot run (`why` says why: not
    // installed, initdb or start failed).
    static PostgresServer* shared(std::string& why);
    ~PostgresServer();

    // libpq connection strings (keyword form) for the superuser, and for an unprivileged role
    // `reader` that may only read what admin_exec granted it.
    std::string admin_uri(const std::string& database = "postgres") const;
    std::string reader_uri(const std::string& database) const;
    // Runs SQL (several statements allowed) as the superuser; returns the error, or empty.
    std::string admin_exec(const std::string& database, const std::string& sql) const;
    // The first value of the first row of a query run as the superuser ("" on error or no row).
    std::string admin_value(const std::string& database, const std::string& sql) const;

private:
    PostgresServer() = default;
    bool start(std::string& why);

    std::string dir_, run_as_;
    int port_ = 0;
    bool running_ = false;
};

}  // namespace qdiff::testing
