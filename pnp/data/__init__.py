"""Reading card data: YAML and CSV files with line numbers, validated against schemas."""
