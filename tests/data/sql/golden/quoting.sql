SELECT "Mixed Case", `back tick`, [brack et], E'a\\tb', $$dollar 'quoted'$$, N'nat', X'1F', :name, @var, ? FROM "Sch"."Tab" AS "T"
