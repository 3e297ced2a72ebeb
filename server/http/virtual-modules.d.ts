// Provided by the React Router Vite plugin at build time; typed where it is used.
declare module "virtual:react-router/server-build";
