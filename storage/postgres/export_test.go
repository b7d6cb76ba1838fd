package postgres

import "context"

// KillListeners ends the server processes of the database's listening
// connections (ListenDue's), as a server restart or a cut network would,
// and returns how many there were.
func (s *Store) KillListeners(ctx context.Context) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query = 'LISTEN `+dueChannel+`' AND pid <> pg_backend_pid()`).Scan(&n)
	return n, err
}
