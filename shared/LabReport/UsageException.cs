namespace LabReport;

/// <summary>A command line the program cannot run: printed as "error: …" plus "see --help", exit 2.</summary>
public sealed class UsageException(string message) : Exception(message);
