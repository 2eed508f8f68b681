SELECT level, COUNT(*) FROM Traces WHERE timestamp > NOW() - INTERVAL '1 hour' GROUP BY level
