namespace LabReport;

/// <summary>Checks an output directory before any work, so a bad path fails in one line instead of after the report is built.</summary>
public static class OutputDirectory
{
    /// <summary>Creates the directory if needed and proves it is writable; throws <see cref="UsageException"/> naming it otherwise.</summary>
    public static void Check(string directory, string option)
    {
        try
        {
            Directory.CreateDirectory(directory);
            string probe = Path.Combine(directory, $".labreport-{Environment.ProcessId}.tmp");
            File.WriteAllText(probe, "");
            File.Delete(probe);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or NotSupportedException)
        {
            throw new UsageException($"{option} {directory}: cannot write there ({e.Message})");
        }
    }
}
