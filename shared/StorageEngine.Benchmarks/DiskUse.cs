namespace StorageEngine.Benchmarks;

/// <summary>What a run left on disk: printed at the end of each benchmark process, so a log that grows without bound shows.</summary>
public static class DiskUse
{
    /// <summary>"N bytes in M files (the log: L bytes)" for the files in <paramref name="directory"/>.</summary>
    public static string Describe(string directory, string? log)
    {
        var files = new DirectoryInfo(directory).GetFiles();
        long total = files.Sum(f => f.Length);
        long logBytes = log is not null && File.Exists(log) ? new FileInfo(log).Length : 0;
        return $"{total:N0} bytes in {files.Length} files (the current log: {logBytes:N0} bytes)";
    }
}
