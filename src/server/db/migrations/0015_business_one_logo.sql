-- A business has one logo, its profile image. The details section used to keep its own logo id,
-- shown first where both were set: move it to profiles.image_id and drop it from the details.
UPDATE "profiles" AS p
SET "image_id" = (p."sections" -> 'businessDetails' -> 'data' ->> 'logo')::uuid
WHERE p."account_type" = 'business'
  AND p."sections" -> 'businessDetails' -> 'data' ->> 'logo' IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "uploads" u WHERE u."id" = (p."sections" -> 'businessDetails' -> 'data' ->> 'logo')::uuid
  );
--> statement-breakpoint
-- The logo uploads the business no longer shows are released, so the sweeper removes them.
UPDATE "uploads" AS u
SET "attached_to_type" = NULL, "attached_to_id" = NULL
FROM "profiles" AS p
WHERE u."attached_to_type" = 'business-logo'
  AND u."attached_to_id" = p."user_id"
  AND u."id" IS DISTINCT FROM p."image_id";
--> statement-breakpoint
UPDATE "profiles"
SET "sections" = jsonb_set("sections", '{businessDetails,data}', ("sections" -> 'businessDetails' -> 'data') - 'logo')
WHERE "sections" -> 'businessDetails' -> 'data' ? 'logo';
