// The overview's and workers' refresh: filled in next.
