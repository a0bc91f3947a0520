using System.Text;

namespace StorageEngine.IO;

/// <summary>Finds which filesystem a path lives on (the posts' lesson depends on fsync hitting real storage).</summary>
public static class FileSystemProbe
{
    private const string MountInfoPath = "/proc/self/mountinfo";

    /// <summary>
    /// The filesystem type of <paramref name="path"/> (e.g. "ext4", "btrfs", "tmpfs"), from /proc/self/mountinfo;
    /// "unknown" where that is not available (non-Linux systems).
    /// </summary>
    public static string GetFileSystemType(string path)
    {
        if (!OperatingSystem.IsLinux() || !File.Exists(MountInfoPath))
        {
            return "unknown";
        }

        string full = Path.GetFullPath(path);
        try
        {
            // Resolve symlinks on the directory part so /var/tmp -> /somewhere is judged by its target.
            var info = new DirectoryInfo(Directory.Exists(full) ? full : Path.GetDirectoryName(full) ?? full);
            full = info.ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? info.FullName;
        }
        catch (IOException)
        {
            // Keep the unresolved path: the longest-prefix match below still works for ordinary paths.
        }

        return FindFileSystemType(File.ReadAllText(MountInfoPath), full) ?? "unknown";
    }

    /// <summary>True for filesystems that keep data in memory only, where fsync proves nothing about durability.</summary>
    public static bool IsMemoryBacked(string fileSystemType) =>
        fileSystemType is "tmpfs" or "ramfs" or "devtmpfs";

    /// <summary>Parses mountinfo text and returns the type of the mount with the longest mount point containing <paramref name="absolutePath"/>.</summary>
    internal static string? FindFileSystemType(string mountInfo, string absolutePath)
    {
        string? bestType = null;
        int bestLength = -1;
        foreach (string line in mountInfo.Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            // Format: id parent major:minor root mount-point options [optional fields...] - fstype source super-options
            string[] fields = line.Split(' ');
            int separator = Array.IndexOf(fields, "-");
            if (fields.Length < 5 || separator < 0 || separator + 1 >= fields.Length)
            {
                continue;
            }

            string mountPoint = Unescape(fields[4]);
            if (IsUnder(absolutePath, mountPoint) && mountPoint.Length >= bestLength)
            {
                bestLength = mountPoint.Length;
                bestType = fields[separator + 1];
            }
        }

        return bestType;
    }

    private static bool IsUnder(string path, string mountPoint) =>
        mountPoint == "/"
        || path == mountPoint
        || (path.StartsWith(mountPoint, StringComparison.Ordinal) && path.Length > mountPoint.Length && path[mountPoint.Length] == '/');

    // mountinfo escapes space, tab, newline and backslash as \ooo octal.
    private static string Unescape(string field)
    {
        if (!field.Contains('\\', StringComparison.Ordinal))
        {
            return field;
        }

        var sb = new StringBuilder(field.Length);
        for (int i = 0; i < field.Length; i++)
        {
            if (field[i] == '\\' && i + 3 < field.Length && IsOctalDigits(field.AsSpan(i + 1, 3)))
            {
                sb.Append((char)Convert.ToInt32(field.Substring(i + 1, 3), 8));
                i += 3;
            }
            else
            {
                sb.Append(field[i]);
            }
        }

        return sb.ToString();
    }

    private static bool IsOctalDigits(ReadOnlySpan<char> digits)
    {
        foreach (char c in digits)
        {
            if (c is < '0' or > '7')
            {
                return false;
            }
        }

        return true;
    }
}
