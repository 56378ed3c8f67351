declare module 'virtual:atir/texts-chunks' {
  /** The built files of the interface texts, by chunk name (`texts-ru`, `texts-ru-admin`); empty in development. */
  const chunks: Record<string, string>
  export default chunks
}
