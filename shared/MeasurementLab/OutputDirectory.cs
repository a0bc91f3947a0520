namespace MeasurementLab;

/// <summary>
/// An output directory checked before any work: created (with its parents) and written to once, so a run that cannot
/// keep its results fails in its first second with the path in the message, not after minutes of measuring.
/// </summary>
public static class OutputDirectory
{
    /// <summary>Creates <paramref name="path"/> if needed and proves a file can be written there; returns the full path.</summary>
    /// <param name="path">The directory the user asked for.</param>
    /// <param name="option">The option that named it, for the message (e.g. "--output").</param>
    /// <exception cref="UsageException">The directory cannot be created or written.</exception>
    public static string Prepare(string path, string option)
    {
        ArgumentNullException.ThrowIfNull(path);
        ArgumentException.ThrowIfNullOrWhiteSpace(option);
        if (path.Trim().Length == 0)
        {
            throw new UsageException($"Option {option} needs a directory; got an empty path.");
        }

        if (File.Exists(path))
        {
            throw new UsageException($"Option {option} needs a directory; '{path}' is a file.");
        }

        try
        {
            string full = Path.GetFullPath(path);
            Directory.CreateDirectory(full);
            string probe = Path.Combine(full, $".write-test-{Environment.ProcessId}-{Guid.NewGuid():N}");
            File.WriteAllText(probe, "");
            File.Delete(probe);
            return full;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException or ArgumentException)
        {
            throw new UsageException($"Option {option}: cannot write to directory '{path}' ({e.Message.TrimEnd('.')}).");
        }
    }
}
