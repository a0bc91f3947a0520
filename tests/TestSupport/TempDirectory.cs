namespace TestSupport;

/// <summary>A fresh temporary directory, removed with everything in it when disposed.</summary>
public sealed class TempDirectory : IDisposable
{
    public TempDirectory(string prefix = "lab-test-") => Path = Directory.CreateTempSubdirectory(prefix).FullName;

    public string Path { get; }

    public void Dispose() => Directory.Delete(Path, recursive: true);
}
