SELECT
    *,
    -- Base Similarity: Cosine similarity from pgvector
    (1 - (embedding <=> $1)) AS base_similarity,

    -- Label Boost: Sum of matching optional labels
    (
        CASE WHEN labels->>'resource-management' = $2 THEN 0.10 ELSE 0.0 END +
        CASE WHEN labels->>'gitops-tool' = $3 THEN 0.10 ELSE 0.0 END +
        CASE WHEN labels->>'environment' = $4 THEN 0.08 ELSE 0.0 END +
        CASE WHEN labels->>'business-category' = $5 THEN 0.08 ELSE 0.0 END +
        CASE WHEN labels->>'priority' = $6 THEN 0.05 ELSE 0.0 END +
        CASE WHEN labels->>'risk-tolerance' = $7 THEN 0.05 ELSE 0.0 END
    ) AS label_boost,

    -- Label Penalty: Sum of conflicting optional labels
    (
        CASE WHEN labels->>'resource-management' IS NOT NULL
             AND labels->>'resource-management' != $2 THEN 0.10 ELSE 0.0 END +
        CASE WHEN labels->>'gitops-tool' IS NOT NULL
             AND labels->>'gitops-tool' != $3 THEN 0.10 ELSE 0.0 END
    ) AS label_penalty,

    -- Final Score: Capped at 1.0
    LEAST(
        (1 - (embedding <=> $1)) + label_boost - label_penalty,
        1.0
    ) AS final_score
FROM remediation_workflow_catalog
WHERE
    labels->>'signal-type' = 'CrashLoopBackOff'  -- Mandatory filter
    AND labels->>'severity' = 'high'              -- Mandatory filter
ORDER BY final_score DESC
LIMIT 3
