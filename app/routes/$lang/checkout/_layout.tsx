import { Outlet } from 'react-router'

// The section's shared layout (issue 14): for now it only renders its pages.
export default function Layout() {
  return <Outlet />
}
