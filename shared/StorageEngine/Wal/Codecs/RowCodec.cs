namespace StorageEngine.Wal.Codecs;

/// <summary><c>row</c>: a <see cref="Row"/>'s payload after its length prefix.</summary>
internal sealed class RowCodec : IWalCodec<Row>
{
    public string Name => "row";

    public int GetByteCount(Row value) => LengthPrefix.Size((uint)value.Length) + value.Length;

    public void Write(Row value, Span<byte> destination)
    {
        int prefix = LengthPrefix.Write((uint)value.Length, destination);
        value.CopyTo(destination[prefix..]);
    }

    public Row Read(ReadOnlySpan<byte> source, out int consumed) =>
        StorageEngine.Row.FromPayload(LengthPrefix.ReadPrefixed(source, out consumed));
}
