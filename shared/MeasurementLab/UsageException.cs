namespace MeasurementLab;

/// <summary>A command line that cannot be accepted: the message says which argument and what is allowed.</summary>
public sealed class UsageException(string message) : Exception(message);
