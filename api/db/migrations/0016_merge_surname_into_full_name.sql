-- One model of a person's name (issue 20, defect 7): `full_name` holds name and surname, as
-- registration asks it. A surname saved by the old profile form joins the name; the next
-- migration drops the column.
UPDATE "users" SET "full_name" = btrim("full_name" || ' ' || "surname") WHERE coalesce(btrim("surname"), '') <> '';
