// Placeholder replaced by the burn benchmark's ASS writer in the next commit.
print("burn-bench")
