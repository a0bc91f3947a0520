namespace TestSupport;

/// <summary>
/// A PATH that has every command of the current PATH except some (symlinks in a temporary directory), to show what a
/// script says on a machine without perf, taskset or dotnet. Stubs are extra commands that fail loudly if run.
/// </summary>
public sealed class PathWithout : IDisposable
{
    public PathWithout(IEnumerable<string> missing, IEnumerable<string>? stubs = null)
    {
        var excluded = missing.ToHashSet(StringComparer.Ordinal);
        Directory = System.IO.Directory.CreateTempSubdirectory("lab-path-").FullName;
        foreach (string dir in (System.Environment.GetEnvironmentVariable("PATH") ?? "").Split(':', StringSplitOptions.RemoveEmptyEntries))
        {
            if (!System.IO.Directory.Exists(dir))
            {
                continue;
            }

            foreach (string file in System.IO.Directory.EnumerateFiles(dir))
            {
                string name = Path.GetFileName(file);
                string link = Path.Combine(Directory, name);
                if (!excluded.Contains(name) && !File.Exists(link))
                {
                    File.CreateSymbolicLink(link, file);
                }
            }
        }

        foreach (string stub in stubs ?? [])
        {
            string path = Path.Combine(Directory, stub);
            File.WriteAllText(path, "#!/bin/sh\necho \"stub $0 must not run in this test\" >&2\nexit 99\n");
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            }
        }
    }

    /// <summary>The directory that stands for PATH.</summary>
    public string Directory { get; }

    /// <summary>An environment override setting PATH to <see cref="Directory"/>.</summary>
    public IReadOnlyDictionary<string, string> Environment => new Dictionary<string, string> { ["PATH"] = Directory };

    public void Dispose() => System.IO.Directory.Delete(Directory, recursive: true);
}
