namespace StorageEngine.Benchmarks;

/// <summary>What a run left on disk: printed at the end of each benchmark process, so a log that grows without bound shows.</summary>
public static class DiskUse
{
    /// <summary>"N bytes in M files (the current log: L bytes)", the log part only when there is one, for the files in <paramref name="directory"/>.</summary>
    public static string Describe(string directory, string? log)
    {
        var files = new DirectoryInfo(directory).GetFiles();
        long total = files.Sum(f => f.Length);
        string summary = $"{total:N0} bytes in {files.Length} files";
        return log is not null && File.Exists(log) ? $"{summary} (the current log: {new FileInfo(log).Length:N0} bytes)" : summary;
    }
}
