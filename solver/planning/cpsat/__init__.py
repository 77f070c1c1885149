"""The CP-SAT plan model (OR-Tools): variables, objective terms, parameters, solve and read-back."""
