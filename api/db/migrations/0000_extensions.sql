-- Trigram search over the normalised product search key (api/catalogue/search-text.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
